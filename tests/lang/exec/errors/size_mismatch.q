% Elementwise operations need equal sizes.
a = zeros(2,3)
b = zeros(3,2)
c = a + b
% expect error: line 4: size mismatch in '+': [2,3] and [3,2]
