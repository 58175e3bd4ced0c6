% The conditional expression needs its ':' part.
% run: parse
% expect error: line 4: expected ':' of the conditional expression, found end of line
y = x > 0 ? 1
