% ind2pos and pos2ind convert between linear indices and positions (row-major).
print ind2pos([2,3], 4)
print ind2pos([2,3,4], 23)
print pos2ind([2,3], [1,2])
print pos2ind([2,3,4], [1,2,3])
% expect: [1,1]
% expect: [1,2,3]
% expect: 5
% expect: 23
