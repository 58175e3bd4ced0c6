% A scalar passed for a parameter declared `int` converts as a typed assignment does
% (truncated, with a warning), since Quasar programs pass floor(...) and mod(...) of
% scalars to int parameters, e.g. a column count for a slice. A string is still an error.
function y = first_cols(x : mat, n : int)
    y = x[:, 0..n - 1]
    print type(n)
end
m = [[1, 2, 3, 4], [5, 6, 7, 8]]
k = floor(7.0 / 2)
print first_cols(m, k)
% expect: int
% expect: [[1,2,3],[5,6,7]]
print first_cols(m, 2.9)
% expect: int
% expect: [[1,2],[5,6]]
% expect warning: line 10: conversion from 'scalar' to 'int' for 'n'
% expect warning: line 13: conversion from 'scalar' to 'int' for 'n'
z = first_cols(m, "2")
% expect error: line 18: type check failed: argument 'n' of 'first_cols' is 'string', not 'int'
