% A call is not an assignment target (indexing uses square brackets).
% run: parse
% expect error: line 4: cannot assign to a call
f(x) = 1
