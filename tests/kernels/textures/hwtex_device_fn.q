% A texture passed to a device function keeps its reads (and, in the CUDA text, its
% texture object: e2e_cudatext.py). x = [[0, 2], [4, 6]] read at (0.5 pos, 0.5):
% pos 0: (0 + 2) / 2 = 1; pos 1: (0 + 2 + 4 + 6) / 4 = 3.
function y = __device__ samp(x, p : vec2)
    y = x[p[0], p[1]]
endfunction
function [] = __kernel__ k (y : vec, x : mat'hwtex_linear'clamped, pos : int)
    y[pos] = samp(x, [0.5 * pos, 0.5])
endfunction
y = zeros(2)
parallel_do(2, y, [[0, 2], [4, 6]], k)
print y
% expect: [1,3]
