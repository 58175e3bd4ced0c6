% A reduction applies inside kernels and device functions too (the rewrite runs on the
% module before kernels are compiled or interpreted). The device functions lose a bit
% in float32, so a program counting on the rewrite gets exact values.
function y = __device__ to_unit(x : scalar)
    y = x / 3.0 * 0.7
endfunction

function y = __device__ from_unit(x : scalar)
    y = x / 0.7 * 3.0
endfunction

reduction x -> from_unit(to_unit(x)) = x

function y = __device__ roundtrip(v : scalar)
    y = from_unit(to_unit(v))
endfunction

function [] = __kernel__ k(y : vec, x : vec, pos : int)
    y[pos] = from_unit(to_unit(x[pos])) == x[pos] && roundtrip(x[pos]) == x[pos]
endfunction

function [] = main()
    x = [0.1, 1.7, 2.9, 1e6 + 0.3]
    y = zeros(4)
    parallel_do(4, y, x, k)
    print y
endfunction
% expect: [1,1,1,1]
