% A cell is shared by assignment like an array.
a = `[1,2], 5'
c = a
c[1] = 6
c[0][1] = 7
print a
% expect: {[1,7],6}
