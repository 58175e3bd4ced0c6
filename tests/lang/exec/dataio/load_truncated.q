% A file cut short is an error naming the file, not a crash or garbage.
x = load("tests/lang/exec/dataio/data/truncated.dat")
% expect error: line 2: load: 'tests/lang/exec/dataio/data/truncated.dat' is truncated or corrupt: the file ends inside a value
