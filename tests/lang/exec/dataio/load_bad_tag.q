x = load("tests/lang/exec/dataio/data/badtag.dat")
% expect error: line 1: is truncated or corrupt: unknown value tag
