x = load("tests/lang/exec/dataio/data/version9.dat")
% expect error: line 1: has format version 9; this qpipe reads version 1
