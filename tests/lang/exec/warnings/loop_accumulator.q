% The spec's implicit integer accumulator: a = 0 makes a an int, so x[n] is truncated (one warning).
x = [1.5, 2.5, 3.5]
a = 0
for n = 0..2
    a += x[n]
endfor
print a
% expect: 6
% expect warning: line 5: conversion from 'scalar' to 'int'
