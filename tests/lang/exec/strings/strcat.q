% strcat concatenates strings.
print strcat("ab", "cd")
print strcat("a", "b", "c")
% expect: abcd
% expect: abc
