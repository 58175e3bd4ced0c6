% Calling a value that is not a function is an error.
x = 5
y = x(1)
% expect error: line 3: 'x' is not a function
