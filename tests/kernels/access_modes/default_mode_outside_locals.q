% In kernels the default access mode is zero extension (spec 001: "(no modifier) = error
% (default) or zero extension (kernel, device function)"): a read outside gives 0 and a write
% outside is ignored, for parameters, device-function arguments and kernel-local vectors
% alike, compiled and interpreted.
function y = __device__ get(x : vec, i : int)
    y = x[i]
endfunction

function [] = __kernel__ k(y : mat, x : mat, v : vec, pos : ivec2)
    t = [1.0, 2.0, 3.0]
    u = x[0, :]
    t[pos[1] + 2] = 7
    iv = [1, 2]
    y[pos] = x[pos[0] - 1, pos[1]] + get(v, pos[1] + 1) + t[pos[1] + 1] + u[pos[0] + 2] + iv[pos[0] - 1]
endfunction

function [] = main()
    x = ones(3, 3)
    y = zeros(3, 3)
    v = [10.0, 20.0]
    parallel_do(size(y), y, x, v, k)
    print y
endfunction
% expect: [[23,4,1],[24,5,2],[25,6,3]]
