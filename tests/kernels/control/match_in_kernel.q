% match inside a kernel: single values, grouped alternatives (3, 4) and the default case.
function [] = __kernel__ k(x : vec[int], y : vec, pos : int)
    match x[pos] with
    | 0 -> y[pos] = 100
    | 1 -> y[pos] = 200
    | (3, 4) -> y[pos] = 340
    | _ -> y[pos] = -1
    endmatch
endfunction
x = int([4, 0, 2, 3, 1, 9])
y = zeros(6)
parallel_do(6, x, y, k)
print y
% expect: [340,100,-1,340,200,-1]
