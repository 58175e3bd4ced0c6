% An int variable that receives a real scalar converts it to int, with a warning.
a = 0
a += 2.5
print a
% expect: 2
% expect warning: line 3: conversion from 'scalar' to 'int'
