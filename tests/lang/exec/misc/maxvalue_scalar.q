% maxvalue(scalar) is the largest single precision value.
print maxvalue(scalar)
% expect: 3.40282e+38
