% Writing into a mat[uint8'sat] saturates values to 0..255.
b : mat[uint8'sat] = mat[uint8](2,2)
b[0,0] = 300
b[0,1] = -5
b[1,0] = 128
print b
% expect: [[255,0],[128,0]]
