% Writes map 'circular to 'safe: a write outside is neglected (spec 001).
A : vec'circular = [1, 2, 3]
A[-1] = 0
print A
% expect: [1,2,3]
