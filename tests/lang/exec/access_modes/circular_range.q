% 'circular with a range crossing the start.
a : vec'circular = [1,2,3]
print a[-2..1]
% expect: [2,3,1,2]
