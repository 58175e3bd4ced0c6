% A match case needs a pattern before '->'.
% run: parse
% expect error: line 6: expected an expression, found '->'
x = 2
match x with
| -> print "none"
| _ -> print "other"
end
