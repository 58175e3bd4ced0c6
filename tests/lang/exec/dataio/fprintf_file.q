% fopen/fprintf/fclose with MATLAB's integer file ids; fprintf(format, …) writes to the
% program's output, fprintf(1, …) too.
f = "/tmp/qpipe-test-dataio-fprintf.csv"
fid = fopen(f, "w")
print fid >= 3
% expect: 1
fprintf(fid, "%d,%d\n", [1, 2, 3, 4])
fprintf(fid, "%g,%g\n", 0.5, -2)
print fclose(fid)
% expect: 0
print csvread(f)
% expect: [[1,2],[3,4],[0.5,-2]]
fid = fopen(f, "a")
n = fprintf(fid, "%s\n", "9,9")
fclose(fid)
print n, " ", size(csvread(f), 0)
% expect: 4 4
fprintf("%s=%d\n", "x", 3)
fprintf(1, "one %d\n", 1)
% expect: x=3
% expect: one 1
[fid, msg] = fopen("/tmp/qpipe-no-such-folder/x.txt", "w")
print fid, " ", msg
% expect: -1 No such file or directory
try
    fprintf(7, "x")
catch e
    print e
end
% expect: fprintf: 7 is not an open file id (fopen gives one)
try
    fopen(f, "q")
catch e
    print e
end
% expect: fopen: unknown mode 'q' (expected r, w or a, with +, b or t)
% A file left open is closed (and flushed) when the program ends.
g = fopen("/tmp/qpipe-test-dataio-open.txt", "w")
fprintf(g, "left open\n")
