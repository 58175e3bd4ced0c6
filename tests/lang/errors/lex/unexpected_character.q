% '@' is not a Quasar character (MATLAB's function handles are written as plain names).
% run: parse
% expect error: line 4: unexpected character '@'
f = @sin
