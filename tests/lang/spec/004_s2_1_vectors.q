% spec: 004 §2.1 "Arrays" (reference manual excerpt)
% repaired: nothing
% run: parse
a = [0, 1, 2, 3] + 4
b = [3, 3, 3, 3]
print "a = ", a, "a .* b = ", a .* b, "sum(a.*b) = ", sum(a .* b)
print "a^2 = ", a.^2
