% '~' alone is not an operator (only '~=' is): logical not is '!'.
% run: parse
% expect error: line 4: unexpected '~': logical not is '!'
y = ~x
