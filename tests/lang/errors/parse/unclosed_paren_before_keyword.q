% A line that starts with a statement keyword ends an unclosed bracket: the error stays on
% the bracket's line and the if block after it parses.
% run: parse
% expect error: line 5: expected ')' to close '(' from line 5, found end of line
y = max(1, 2
if y > 1
    print y
end
