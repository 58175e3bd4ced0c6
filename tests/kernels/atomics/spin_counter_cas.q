% A counter incremented with a compare-and-exchange retry loop (a lock-free add) from 40 threads reaches 40.
function [] = __kernel__ k(a : vec[int], pos : int)
    done = 0
    while done == 0
        cur = a[0]
        if (a[0] <- (cur, cur + 1)) == cur
            done = 1
        endif
    endwhile
endfunction
a = int([5])
parallel_do(40, a, k)
print a
% expect: [45]
