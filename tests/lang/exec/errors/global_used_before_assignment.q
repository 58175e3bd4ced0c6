% A variable of the program read before its first assignment keeps its own message.
x = y + 1
y = 2
% expect error: line 2: 'y' is used before it is assigned
