% A cell prints as {a,b,c}, strings in it as they are.
c = `1, [1,2], "abc"'
print c
print {2, "x"}
% expect: {1,[1,2],abc}
% expect: {2,x}
