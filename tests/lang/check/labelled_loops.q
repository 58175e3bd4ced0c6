% break and continue with labels of enclosing loops.
% run: check
outer:
for i = 1..3
    inner:
    while true
        if i == 2
            continue outer
        end
        break inner
    end
    for j = 1..3
        if j > i
            break outer
        end
    end
end
