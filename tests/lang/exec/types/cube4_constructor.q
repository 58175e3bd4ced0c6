% cube{n} (spec 004 §2.2.5) is an array type of rank n and constructs like cube:
% cube{4}(2, 2, 2, 2) is a 2x2x2x2 array of zeros; icube{4} holds ints; cube{:} any rank.
c = cube{4}(2, 2, 2, 2)
print size(c), " ", numel(c), " ", sum(c)
c[1, 1, 1, 1] = 5
print c[1, 1, 1, 1], " ", sum(c)
d = cube{4}(2, 3, 4, 5)
print size(d, 3)
e = cube{:}(1, 2, 1, 2, 3)
print ndims(e)
n = 4
print size(cube{n}(1, 1, 1, 2))
print type(c, "cube{4}")
% expect: [2,2,2,2] 16 0
% expect: 5 5
% expect: 5
% expect: 5
% expect: [1,1,1,2]
% expect: 1
