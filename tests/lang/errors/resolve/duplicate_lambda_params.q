% A lambda parameter name used twice.
% run: check
% expect error: line 4: 'x' is declared twice in 'lambda'
g = (x, x) -> x * 2
