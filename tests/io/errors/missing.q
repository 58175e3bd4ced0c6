% imread of a file that does not exist names it and the system's reason.
x = imread("tests/io/data/no_such_file.png")
% expect error: line 2: imread: cannot open 'tests/io/data/no_such_file.png': No such file or directory
