% The atomic exchange '<-' needs an array element (or a name) as its target.
% run: parse
% expect error: line 5: the target of '<-' must be an array element
% expect error: line 6: the target of '<-' must be an array element
f(x) <- 1
(a + b) <- 2
