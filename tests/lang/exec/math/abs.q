% abs of ints, scalars and vectors.
print abs(-3), " ", abs(2.5), " ", abs(-2.5)
print abs([-1, 2, -3])
% expect: 3 2.5 2.5
% expect: [1,2,3]
