% Unary minus, plus and not.
x = 3
print -x, " ", +x, " ", - -x, " ", !x
v = [1, -2]
print -v
% expect: -3 3 3 0
% expect: [-1,2]
