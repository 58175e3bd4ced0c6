% A data file written by tests/lang/exec/dataio/data/make_data.py from the format's
% description alone (docs/data-format.md), not by qpipe.
[i, r, c, s, m, cl, o, u] = load("tests/lang/exec/dataio/data/handmade.dat")
print i, " ", type(i)
print r, " ", type(r)
print c
print s, " ", numel(fromascii(s))
print m, " ", type(m)
print cl
print o
print u, " ", type(u)
% expect: 7 int
% expect: -0.5 scalar
% expect: 1-2j
% expect: héllo 6
% expect: [[1,-2,3],[-4,5,32767]] mat[int16]
% expect: {1,a}
% expect: object(k=nullptr)
% expect: 250 uint8
