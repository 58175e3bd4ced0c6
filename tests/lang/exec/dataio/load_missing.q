x = load("/tmp/qpipe-test-dataio-no-such-file.dat")
% expect error: line 1: load: cannot open '/tmp/qpipe-test-dataio-no-such-file.dat': No such file or directory
