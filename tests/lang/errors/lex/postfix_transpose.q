% An apostrophe right after a value, not followed by a modifier name, is MATLAB's transpose.
% run: parse
% expect error: line 6: Quasar has no postfix transpose; use transpose(x)
% expect error: line 7: no postfix transpose
% expect error: line 8: no postfix transpose
y = x'
z = (a + b)'
w = x'*y
