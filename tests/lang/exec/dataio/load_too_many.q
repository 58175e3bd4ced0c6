save("/tmp/qpipe-test-dataio-count.dat", 1, 2)
[a, b, c] = load("/tmp/qpipe-test-dataio-count.dat")
% expect error: line 2: holds 2 values, 3 requested
