% A mat given for a cube parameter is an M x N x 1 cube: the position vector pos + [i, j, 0]
% (length 3, one past the mat's rank) indexes it, as x[m, n, 0] does, in every access mode;
% y[pos] writes with the kernel's vec3 position. (tests/e2e/e2e_compiled.py checks that this
% kernel compiles rather than falling back to the interpreter.)
function [] = __kernel__ lap(x : cube'mirror, y : cube'unchecked, h : mat'unchecked'const, n : int, pos : vec3)
    s = 0.
    for i = 0..2*n
        for j = 0..2*n
            s = s + x[pos + [i-n, j-n, 0]] * h[i, j]
        endfor
    endfor
    y[pos] = s
endfunction
x = [[1, 2, 4], [8, 16, 32], [64, 128, 256]]
y = zeros(size(x))
L = [[0, -1, 0], [-1, 4, -1], [0, -1, 0]]
parallel_do(size(x), x, y, L, 1, lap)
% by hand, mirror boundary (index -1 reads 0, 3 reads 2, as tests/kernels/access_modes/mirror_2d.q):
% y[0,0] = 4*1 - 1 - 8 - 1 - 2 = -8; y[1,1] = 64 - 2 - 128 - 8 - 32 = -106
% y[2,2] = 1024 - 32 - 256 - 128 - 256 = 352; y[0,2] = 16 - 4 - 32 - 2 - 4 = -26
print y[0,0], " ", y[1,1], " ", y[2,2], " ", y[0,2]
% expect: -8 -106 352 -26
