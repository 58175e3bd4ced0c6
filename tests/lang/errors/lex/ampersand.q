% '&' is not an operator: the message points to '&&' and and(a, b).
% run: parse
% expect error: line 4: unexpected '&': logical and is '&&', bitwise and is and(a, b)
p = &x
