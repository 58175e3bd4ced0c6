% Operator precedence: * before +, left associativity, .^ before *, comparison before &&.
print 1 + 2 * 3
print 10 - 2 - 3
print 2 * 3 .^ 2
print 12 / 2 / 3
print 1 + 2 == 3
print 1 < 2 && 2 < 3
% expect: 7
% expect: 5
% expect: 18
% expect: 2
% expect: 1
% expect: 1
