% Complex values compare equal when both parts are equal.
a = 1+2j
print a == 1+2j
print a != 1-2j
print a == 1
% expect: 1
% expect: 1
% expect: 0
