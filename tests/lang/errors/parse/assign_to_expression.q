% An operation is not an assignment target.
% run: parse
% expect error: line 4: cannot assign to a binary operation
a + b = c
