% dotprod of two vectors.
print dotprod([1,2,3], [4,5,6]), " ", dotprod([1,0], [0,1])
% expect: 32 0
