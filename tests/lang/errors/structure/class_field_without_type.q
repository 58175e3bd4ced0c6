% A class field 'x :' without its type; the other fields still parse.
% run: parse
% expect error: line 5: expected a type, found end of line
type point : class
    x :
    y : scalar
endtype
