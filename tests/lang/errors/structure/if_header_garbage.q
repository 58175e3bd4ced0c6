% Garbage after an if condition: one error; the body and 'end' still belong to the if.
% run: parse
% expect error: line 5: expected end of line after the 'if' header, found 'then'
x = 1
if x > 0 then
    print x
end
