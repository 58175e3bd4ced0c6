% Elementwise operations and functions on complex vectors.
v = [1+1j, 2-2j]
print v * 2
print real(v)
print imag(v)
print conj(v)
print abs([3+4j, 1j])
% expect: [2+2j,4-4j]
% expect: [1,2]
% expect: [1,-2]
% expect: [1-1j,2+2j]
% expect: [5,1]
