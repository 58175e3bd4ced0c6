% Errors inside blocks: each is reported and the blocks still close.
% run: parse
% expect error: line 6: expected ')' to close '(' from line 6, found end of line
% expect error: line 8: expected an expression, found '*'
function y = f(x)
    y = (x
    if y > 0
        y = 1 + * 2
    end
end
