% A variable declared `n : int` keeps being an int: a real assigned to it later is
% truncated with a warning (an untyped `n = 0` widens instead: int_receives_scalar.q).
n : int = 1
n = 2.5
print n, " ", type(n)
function y = count_halves(k)
    c : int = 0
    for i = 1..k
        c += 0.5
    endfor
    y = c
endfunction
print count_halves(3)
% expect: 2 int
% expect: 0
% expect warning: line 4: conversion from 'scalar' to 'int' for 'n' (it was declared an integer)
% expect warning: line 9: conversion from 'scalar' to 'int' for 'c'
