% n = n / 2 on an int n: the scalar quotient is truncated back to int, with a warning.
n = 7
n = n / 2
print n
% expect: 3
% expect warning: line 3: conversion from 'scalar' to 'int'
