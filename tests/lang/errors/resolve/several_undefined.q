% Name resolution goes on after an error: every undefined use is reported.
% run: check
% expect error: line 7: 'c' is not defined
% expect error: line 10: 'd' is not defined
% expect error: line 12: 'e' is not defined
a = 1
b = a + c
print a
function y = f(x)
    y = x + d
endfunction
print e
