% Assigning a real scalar to a variable holding an int truncates it, with a warning.
n = 5
n = 2.7
print n, " ", type(n)
% expect: 2 int
% expect warning: line 3: conversion from 'scalar' to 'int'
