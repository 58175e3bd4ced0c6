% In [a, b] = f(), every element must itself be a target.
% run: parse
% expect error: line 5: cannot assign to
% expect error: line 6: cannot assign to a binary operation
[a, 1] = f()
[a, b + 1] = f()
