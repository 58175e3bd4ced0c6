% Nested if statements.
for n = [1, 4, 6, 9]
    if n > 3
        if mod(n, 2) == 0
            print n, " big even"
        else
            print n, " big odd"
        endif
    else
        print n, " small"
    endif
endfor
% expect: 1 small
% expect: 4 big even
% expect: 6 big even
% expect: 9 big odd
