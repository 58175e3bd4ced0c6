% A reshaped cube is indexed row-major: c[i,j,k] is element (i*2+j)*2+k.
c = reshape(0..7, [2,2,2])
print c
print c[1,0,1]
% expect: [[[0,1],[2,3]],[[4,5],[6,7]]]
% expect: 5
