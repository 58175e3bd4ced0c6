% An M x N x 1 cube (zeros(rows, cols, C) with C = 1, as programs size their accumulators
% by the channel count) is a mat where one is declared, sharing its data: a kernel
% parameter `: mat` writes into it, a function parameter `: mat` reads it, and it combines
% elementwise with an M x N matrix (trailing singletons are insignificant, as in MATLAB).
% From B. Goossens' NLMeans demo, which runs the gray case this way.
function [] = __kernel__ acc(a : mat'unchecked, w : mat'unchecked, x : mat, pos : ivec2)
    a[pos] += 2 * x[pos]
    w[pos] += 1
endfunction
function s = total(m : mat)
    s = sum(m)
endfunction
x = reshape(0..5, [2, 3])
a = zeros(2, 3, 1)
w = zeros(2, 3)
print size(a)
% expect: [2,3,1]
parallel_do(size(x), a, w, x, acc)
parallel_do(size(x), a, w, x, acc)
print a[1, 2, 0], " ", total(a), " ", sum(w)
% expect: 20 60 12
b = a + 0.5 * x
print size(b), " ", b[1, 2, 0]
% expect: [2,3,1] 22.5
c = a ./ repmat(w, [1, 1, 1])
print c[1, 1, 0]
% expect: 8
