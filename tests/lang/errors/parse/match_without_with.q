% A match header without 'with': one error, the cases and end still belong to the match.
% run: parse
% expect error: line 5: expected 'with' after the match expression, found end of line
x = 1
match x
| 1 -> print "one"
| _ -> print "other"
end
