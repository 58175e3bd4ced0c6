% 'break' at the top level of a file.
% run: check
% expect error: line 5: 'break' outside a loop
x = 1
break
