% 'while' needs a condition; the block is still matched with its 'end'.
% run: parse
% expect error: line 4: expected an expression, found end of line
while
    print 1
end
