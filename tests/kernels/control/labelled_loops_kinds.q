% Labelled break and continue in kernels over for, while and repeat loops, nested three deep,
% with the same label name used by two loops in turn and a device function with its own.
function y = __device__ first_square_above(t : int)
    y = -1
    search:
    for i = 0..100
        for j = 0..1
            if i * i > t
                y = i
                break search
            endif
        endfor
    endfor
endfunction
function [] = __kernel__ k(y : mat, pos : int)
    s = 0
    rows:
    for i = 0..5
        j = 0
        cols:
        while j < 6
            j += 1
            if j == i
                continue rows
            endif
            if i * j > pos
                break cols
            endif
            s += 1
        endwhile
    endfor
    n = 0
    rows:
    repeat
        n += 1
        if mod(n, 2) == 0
            continue rows
        endif
        if n > pos
            break rows
        endif
    until n >= 20
    y[pos, 0] = s
    y[pos, 1] = n
    y[pos, 2] = first_square_above(pos * 3)
endfunction
y = zeros(5, 3)
parallel_do(5, y, k)
print y
% expect: [[6,1,1],[6,3,2],[7,3,3],[8,5,4],[9,5,4]]
