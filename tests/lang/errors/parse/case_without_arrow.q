% A match case is '| pattern -> body'; the other cases still parse.
% run: parse
% expect error: line 6: expected '->' after the match pattern, found 'print'
x = 2
match x with
| 1 print "one"
| _ -> print "other"
end
