% toc("") returns the milliseconds since tic, a number >= 0 that does not decrease.
tic()
s = 0.0
for i = 1..1000
    s += i
endfor
t1 = toc("")
t2 = toc("")
print s
print t1 >= 0, " ", t2 >= t1
% expect: 500500
% expect: 1 1

% t = toc() returns them too (MATLAB's form), printing nothing
t3 = toc()
print t3 >= t2
% expect: 1
