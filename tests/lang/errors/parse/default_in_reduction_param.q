% Reduction parameters cannot have default values.
% run: parse
% expect error: line 4: a default value is not allowed here
reduction (x : scalar = 0) -> x + 0 = x
