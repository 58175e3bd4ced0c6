% The spec's first array example: a + 4, a .* b, sum(a .* b), a.^2.
a = [0, 1, 2, 3] + 4
b = [3, 3, 3, 3]
print "a = ", a, "a .* b = ", a .* b, "sum(a.*b) = ", sum(a .* b)
print "a^2 = ", a.^2
% expect: a = [4,5,6,7]a .* b = [12,15,18,21]sum(a.*b) = 66
% expect: a^2 = [16,25,36,49]
