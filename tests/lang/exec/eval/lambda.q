% eval parses a string into a lambda that can be called (the spec's example, with 2).
val = eval("(x) -> 3*eye(x)")(2)
print val
% expect: [[3,0],[0,3]]
