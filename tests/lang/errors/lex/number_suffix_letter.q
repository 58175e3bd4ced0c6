% Letters after a number that are not an exponent, a radix letter or i/j are an error.
% run: parse
% expect error: line 5: invalid suffix 'x' on number
% expect error: line 6: invalid suffix 'ix' on number
a = 3x
c = 2.5ix
