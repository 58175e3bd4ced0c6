% int ^ int in a kernel: an int for a constant exponent 0..63, else a real as in the
% interpreter (runtime/ops.c), so a negative exponent is not truncated to 0 (compiled
% kernels gave 0 for 2 ^ -1). By hand: 2 ^ -1 = 0.5, 2 ^ -2 = 0.25, 2 ^ -3 = 0.125,
% (-2) ^ -1 = -0.5; 3 ^ b for b = 0, 1, 2 is 1, 3, 9; 5 ^ 3 = 125 and 2 ^ 10 = 1024 (ints).
function [] = __kernel__ k(y : vec, z : vec, w : vec, pos : int)
    a = 2
    b = -1 - pos
    y[pos] = a ^ b
    z[pos] = (-a) ^ b
    c = pos
    w[pos] = 3 ^ c + 5 ^ 3 * 0 + 2 ^ 10 - 1024
endfunction
y = zeros(3)
z = zeros(3)
w = zeros(3)
parallel_do(3, y, z, w, k)
print y
print z
print w
% expect: [0.5,0.25,0.125]
% expect: [-0.5,0.25,-0.125]
% expect: [1,3,9]
