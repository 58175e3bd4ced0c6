% A kernel local started with an integer literal and added reals holds the real sum, in
% the compiled kernel and in the interpreter alike (docs/language.md "Integer accumulators").
function y = __device__ mean3(x : vec, i : int)
    s = 0
    for k = 0..2
        s += x[i + k]
    endfor
    y = s / 3
endfunction

function [] = __kernel__ acc(y : vec, x : vec, pos : int)
    s = 0
    for k = 0..pos
        s += x[k] * 0.5
    endfor
    c = 1
    c = c / 2
    y[pos] = s + c + mean3(x, 0)
endfunction

function [] = main()
    x = [1.5, 2.5, 3.5, 4.5]
    y = zeros(3)
    parallel_do(3, y, x, acc)
    print y
    n = 0
    n += 0.25
    print n
endfunction
% expect: [3.75,5,6.75]
% expect: 0.25
