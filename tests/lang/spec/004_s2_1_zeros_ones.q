% spec: 004 §2.1 "Arrays" (reference manual excerpt)
% repaired: nothing
% run: exec
% example: zeros and ones
a = zeros(5)
b = zeros(6, 4)
c = zeros(8, 6, 4)
d = ones(5)
e = ones(6, 4)
f = ones(8, 6, 4)
