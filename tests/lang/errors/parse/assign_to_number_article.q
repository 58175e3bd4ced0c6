% Grammar of the message: 'an integer'.
% run: parse
% expect error: line 4: cannot assign to an integer
1 = x
