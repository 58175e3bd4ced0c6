x = load("tests/lang/exec/dataio/data/badmagic.dat")
% expect error: line 1: is not a qpipe data file
