% A literal is not an assignment target.
% run: parse
% expect error: line 4: cannot assign to
1 = x
