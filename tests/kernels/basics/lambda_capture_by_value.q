% A kernel lambda captures a number when it is made (spec 004 §2.1); arrays are shared by reference.
c = 2
y = zeros(3)
k = __kernel__ (pos) -> y[pos] = c * (pos + 1)
c = 100
parallel_do(3, k)
print y
% expect: [2,4,6]
