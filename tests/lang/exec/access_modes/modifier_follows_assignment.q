% B = A takes A's access modifier along with the reference (spec 001).
A : vec'circular = [1,2,3]
B = A
print B[3], " ", B[-1]
% expect: 1 3
