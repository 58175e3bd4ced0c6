% A folder is not a data file.
x = load("tests/lang/exec/dataio/data")
% expect error: line 2: load: cannot read 'tests/lang/exec/dataio/data': not a regular file
