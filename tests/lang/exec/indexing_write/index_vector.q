% Writing through an index vector in the last dimension.
x = zeros(2,2,3)
x[:,:,[2,0]] = 1
print x[0,0,:]
print sum(x)
% expect: [1,0,1]
% expect: 8
