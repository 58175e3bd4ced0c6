% The constants pi, eps (single precision by default), inf and nan.
print pi
print eps
print inf, " ", -inf, " ", nan
% expect: 3.14159
% expect: 1.19209e-07
% expect: inf -inf nan
