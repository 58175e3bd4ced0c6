% A labelled while loop left from an inner for loop.
n = 0
search:
while n < 10
    n += 1
    for k = 0..5
        if n * k == 12
            break search
        endif
    endfor
endwhile
print n
% expect: 3
