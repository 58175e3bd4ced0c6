% circshift shifts a vector circularly.
print circshift([1,2,3,4], 1)
print circshift([1,2,3,4], -1)
print circshift([1,2,3,4], 5)
% expect: [4,1,2,3]
% expect: [2,3,4,1]
% expect: [4,1,2,3]
