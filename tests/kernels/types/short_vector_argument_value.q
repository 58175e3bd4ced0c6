% A short vector passed to an untyped parameter (the spec's `dir` in filter_kernel) can be
% used whole in expressions: its length (up to 4) is part of the kernel's specialisation, and
% it is read as a fixed-length vector. Assigned to a local or passed to a device function it
% is still a reference to the array: a write through the copy changes the argument.
function [] = __kernel__ shift(x : mat, y : mat, dir, pos : ivec2)
    y[pos] = x[pos + 2 .* dir] + sum(dir .* [10, 100])
endfunction
function [] = __kernel__ scale(d, y : vec, pos : int)
    y[pos] = sum(d * 2) + d[numel(d) - 1] * pos
endfunction
function [] = __kernel__ alias(d, y : vec, pos : int)
    e = d
    e[0] = 7
    y[pos] = d[0]
endfunction
x = zeros(4, 5)
for i = 0..3
    for j = 0..4
        x[i, j] = 10 * i + j
    endfor
endfor
y = zeros(4, 5)
parallel_do(size(x), x, y, [0, 1], shift)
print y[1, :]
% expect: [112,113,114,100,100]
parallel_do(size(x), x, y, [1, 0], shift)
print transpose(y[:, 2])
% expect: [[32,42,10,10]]
v = zeros(3)
parallel_do(3, [1, 2, 3, 4], v, scale)
print v
% expect: [20,24,28]
parallel_do(3, int([3, 4, 5]), v, scale)
print v
% expect: [24,29,34]
d = [1, 2]
parallel_do(3, d, v, alias)
print v, d
% expect: [7,7,7][7,2]
