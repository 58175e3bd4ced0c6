% An index vector selects (and reorders) along a dimension: x[:,:,[2,1,0]].
C = reshape(0..11, [2,2,3])
D = C[:,:,[2,1,0]]
print size(D)
print D[0,0,:]
print D[1,1,0]
% expect: [2,2,3]
% expect: [2,1,0]
% expect: 11
