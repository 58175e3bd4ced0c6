% * on two matrices is the matrix product.
A = [[1,2],[3,4]]
B = [[5,6],[7,8]]
print A * B
print B * A
print A * eye(2)
% expect: [[19,22],[43,50]]
% expect: [[23,34],[31,46]]
% expect: [[1,2],[3,4]]
