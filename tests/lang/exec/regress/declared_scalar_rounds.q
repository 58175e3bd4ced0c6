% An int assigned to a declared scalar is rounded to the scalar precision (single by default).
y : scalar = 16777217
print y == 16777216
% expect: 1
