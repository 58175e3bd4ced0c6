% csvwrite/csvread (MATLAB): rows are dimension 0, commas, no spaces; values exact.
f = "/tmp/qpipe-test-dataio.csv"
csvwrite(f, [[1, 2.5, -3], [0.1, 1e-7, 12345678]])
m = csvread(f)
print type(m), " ", size(m), " ", m[1, 0] == 0.1, " ", m[1, 1] == 1e-7, " ", m
% expect: mat [2,3] 1 1 [[1,2.5,-3],[0.1,1e-07,1.23457e+07]]
csvwrite(f, int32([[7, -8]]))
print csvread(f)
% expect: [[7,-8]]
csvwrite(f, [1, 2, 3])
print size(csvread(f))
% expect: [1,3]
csvwrite(f, 4.5)
print csvread(f)
% expect: [[4.5]]
% A header line skipped by the zero-based row offset (MATLAB's csvread(file, 1, 0)); an
% empty field is 0, a short row is padded with zeros, a blank line is skipped, NaN and
% -Inf read back; \r\n line ends are accepted.
h = csvread("tests/lang/exec/dataio/data/header.csv", 1, 0)
print h
% expect: [[1,2.5,3],[4,0,6],[7,8,0],[-1000,nan,-inf]]
print csvread("tests/lang/exec/dataio/data/header.csv", 2, 1)
% expect: [[0,6],[8,0],[nan,-inf]]
csvwrite(f, [[0/0, 1/0, -1/0]])
print csvread(f)
% expect: [[nan,inf,-inf]]
