% save(file, values…) and [a, b, …] = load(file) round-trip every kind of value, in
% order, keeping types (docs/data-format.md).
type point : class
    x : int
    y : scalar
end
f = "/tmp/qpipe-test-dataio-values.dat"
o = object()
o.name = "n"
o.val = [1, 2]
save(f, 5, 2.5, 1-2j, "text", nullptr, uint8(200), int16(-3), o, point(x:=3, y:=4.5), {1, "two", [3, 4]})
[i, r, c, s, n, u, k, ob, p, cl] = load(f)
print i, " ", type(i)
print r, " ", type(r)
print c, " ", type(c)
print s, " ", type(s)
print n, " ", type(n)
print u, " ", type(u), " ", k, " ", type(k)
print ob, " ", type(ob)
print p, " ", type(p), " ", p.x + 1
print cl, " ", type(cl), " ", type(cl[1])
% expect: 5 int
% expect: 2.5 scalar
% expect: 1-2j cscalar
% expect: text string
% expect: nullptr nullptr
% expect: 200 uint8 -3 int16
% expect: object(name=n,val=[1,2]) object
% expect: point(x=3,y=4.5) point 4
% expect: {1,two,[3,4]} vec[??] string
% One output takes the first value; a statement call takes none.
first = load(f)
print first
% expect: 5
% A class instance inside a cell, and a cell inside an object, nest.
q = object()
q.items = {point(x:=1, y:=2), {nullptr, "deep"}}
save(f, q)
q2 = load(f)
print q2, " ", type(q2.items[0])
% expect: object(items={point(x=1,y=2),{nullptr,deep}}) point
