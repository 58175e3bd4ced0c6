% Backquote literals nest.
c = ` `[1, 2],[1,2]', `[1, 2, 3],[4, 5, 6]' '
print c[1][0]
print c[0][1][1]
% expect: [1,2,3]
% expect: 2
