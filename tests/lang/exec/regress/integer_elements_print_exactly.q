% Elements of integer arrays print as integers, never in exponent form.
print int32([1234567, -5]), " ", uint32([4000000000]), " ", int16([-32768])
% expect: [1234567,-5] [4000000000] [-32768]
