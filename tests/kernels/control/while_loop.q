% A while loop with a data-dependent trip count in a kernel: Collatz steps to reach 1.
function [] = __kernel__ collatz(x : vec[int], y : vec[int], pos : int)
    n = x[pos]
    steps = 0
    while n != 1
        if mod(n, 2) == 0
            n = int(n / 2)
        else
            n = 3 * n + 1
        endif
        steps += 1
    endwhile
    y[pos] = steps
endfunction
x = int([1, 2, 3, 6, 7, 27])
y = vec[int](6)
parallel_do(6, x, y, collatz)
print y
% expect: [0,1,7,8,16,111]
