% [a, b, c] = v in a kernel: a vector's elements into locals, as the spec's
% `[M, N, P] = blkdim + [numel(fc), 0, 0]`; `_` skips an element; int and real vectors. A
% length that does not match stays in the interpreter, which reports it.
function [] = __kernel__ k(y : mat, w : vec3, pos : ivec2)
    [i, j] = pos + [1, 2]
    [a, _, c] = w * (i + j)
    y[pos] = a + 10 * c + 100 * i
endfunction
y = zeros(2, 3)
parallel_do(size(y), y, [1.5, 7, 0.25], k)
print y
% expect: [[112,116,120],[216,220,224]]
function [] = __kernel__ bad(y : vec, pos : int)
    [a, b] = [pos, 2, 3]
    y[pos] = a + b
endfunction
parallel_do(2, zeros(2), bad)
% expect error: line 14: (parallel_do) bad - cannot assign this value to 2 targets
