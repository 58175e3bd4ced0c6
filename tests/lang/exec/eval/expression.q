% eval of an expression string gives its value.
print eval("1 + 2")
print eval("[1,2] * 2")
% expect: 3
% expect: [2,4]
