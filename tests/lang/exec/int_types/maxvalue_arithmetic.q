% maxvalue of an integer type is an ordinary number in host arithmetic.
print maxvalue(uint8) + 1
print maxvalue(int16) * 2
% expect: 256
% expect: 65534
