% Two commas in a row in a matrix literal.
% run: parse
% expect error: line 4: expected an expression, found ','
A = [1, , 3]
