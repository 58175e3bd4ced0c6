try
    x = csvread("tests/lang/exec/dataio/data/header.csv")
catch e
    print e
end
% expect: csvread: 'tests/lang/exec/dataio/data/header.csv' line 1, field 1 is not a number (csvread(file, 1, 0) skips a header line)
try
    x = csvread("tests/lang/exec/dataio/data/bad.csv")
catch e
    print e
end
% expect: csvread: 'tests/lang/exec/dataio/data/bad.csv' line 2, field 2 is not a number (csvread(file, 1, 0) skips a header line)
try
    csvwrite("/tmp/qpipe-test-dataio-c.csv", [1+2j])
catch e
    print e
end
% expect: csvwrite: expected a real number, vector or matrix, not 'cvec'
x = csvread("/tmp/qpipe-test-dataio-none.csv")
% expect error: line 19: csvread: cannot open '/tmp/qpipe-test-dataio-none.csv': No such file or directory
