% Linear texture reads at weights that the hardware's 1/256 steps do not hold: the CUDA
% engine (texture objects, docs/cuda.md) may differ from the CPU by the neighbours' range
% over 256. Run by tests/gpu/run.sh, which compares the two engines within the tolerance
% below (values 0..256: 256/256 = 1); the CPU's values by hand.
% gpu tolerance: 1
function [] = __kernel__ third (y : vec, x : mat'hwtex_linear'clamped, pos : int)
    y[pos] = x[pos, 0.3]
endfunction
y = zeros(2)
parallel_do(2, y, [[0, 256], [0, 256]], third)
print y
% a ramp 0..255 along columns read at column j + 0.1 (0.1 of 1: 26/256 on the device)
function [] = __kernel__ ramp (y : mat, x : mat'hwtex_linear'mirror, pos : ivec2)
    y[pos] = x[pos[0], pos[1] + 0.1]
endfunction
r = zeros(2, 256)
for j = 0..255
    r[0, j] = j
    r[1, j] = 255 - j
endfor
z = zeros(2, 3)
parallel_do(size(z), z, r, ramp)
print z
% expect: [76.8,76.8]
% expect: [[0.1,1.1,2.1],[254.9,253.9,252.9]]
