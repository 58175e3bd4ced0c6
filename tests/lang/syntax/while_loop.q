% run: dump
% pins: while with a condition and a body
while x < 10
    x += 1
    if x == 5
        break
    endif
endwhile
% expect: while (< x 10)
% expect:   (+= x 1)
% expect:   if (== x 5)
% expect:     break
