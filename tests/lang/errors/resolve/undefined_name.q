% A name that is never assigned, imported or built in.
% run: check
% expect error: line 4: 'x' is not defined
y = x + 1
