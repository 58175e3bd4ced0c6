% A relative name that is not found from the working directory (the repository root when
% the tests run) is looked up beside the program, as Quasar's IDE runs a program in its
% own folder: "data/palette.png" is tests/io/data/palette.png. A name found nowhere is
% reported as the program wrote it.
p = imread("data/palette.png")
print size(p), " ", sum(p == imread("tests/io/data/palette.png"))
% expect: [2,3,3] 18
t = csvread("data/beside.csv")
print t
% expect: [[1,2,3],[4,5,6]]
try
  x = imread("data/no_such_file.png")
catch e
  print e
end
% expect: imread: cannot open 'data/no_such_file.png': No such file or directory
