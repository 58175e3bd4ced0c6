% A vec[uint8] holds small unsigned integers.
a = vec[uint8](3)
a[0] = 7
a[2] = 255
print a, " ", type(a)
% expect: [7,0,255] vec[uint8]
