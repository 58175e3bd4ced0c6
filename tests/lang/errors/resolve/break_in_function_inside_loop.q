% A function defined inside a loop does not see that loop: 'break' in it is outside a loop.
% run: check
% expect error: line 6: 'break' outside a loop
for i = 1..3
    function g()
        break
    end
    g()
end
