% Whole-array elementwise expressions become one generated kernel (issue 10, lang/pass_fuse.c):
% each assignment below over 256 x 256 x 3 arrays is fused (the -v notes say so); the printed
% elements were computed with NumPy in float32 (each operation rounded to single precision,
% the math functions in double and rounded), and each fused result equals the host's
% operator-at-a-time evaluation of the same expression (the `h(...)` leaves are calls, which
% keep it on the host): max difference 0.
% options: -v
function y = h(x)
    y = x
endfunction
X = reshape(0..256*256*3-1, [256, 256, 3])
A = sin(X * 0.37) * 3.7
B = cos(X * 0.13) + 0.1
C = X - floor(X / 17) * 17 - 8.5
alpha = 0.75
D = A + B .* C
E = exp(-abs(A)) .* max(B, 0.2) - alpha * C ./ B
F = (A > B) + (C <= 0) .* 2 - sqrt(abs(C)) .^ 2
G = floor(A * 3) - ceil(-B) + round(C / 3) + min(A, C)
print size(D), " ", sprintf("%.9g %.9g %.9g", D[0, 0, 0], D[17, 33, 1], D[255, 255, 2])
print sprintf("%.9g %.9g %.9g", E[0, 0, 0], E[200, 7, 2], E[100, 100, 1])
print sprintf("%.9g %.9g %.9g", F[0, 0, 0], F[5, 5, 0], F[123, 45, 2])
print sprintf("%.9g %.9g %.9g", G[0, 0, 0], G[255, 255, 2], G[64, 3, 1])
D0 = h(A) + h(B) .* h(C)
E0 = exp(-abs(h(A))) .* max(h(B), 0.2) - alpha * h(C) ./ h(B)
F0 = (h(A) > h(B)) + (h(C) <= 0) .* 2 - sqrt(abs(h(C))) .^ 2
G0 = floor(h(A) * 3) - ceil(-h(B)) + round(h(C) / 3) + min(h(A), h(C))
print max(abs(D - D0)[:]), " ", max(abs(E - E0)[:]), " ", max(abs(F - F0)[:]), " ", max(abs(G - G0)[:])
% Not fused, with the reason under -v: a number taken for an array, too few elements, ints
n = numel(A) / 1000
T = n + A .* 2
small = ones(16, 16) * 2
U = small .* small + 1
I = uint8(ones(300, 300))
J = I + I .* I
print sprintf("%.9g", T[17, 33, 1]), " ", U[3, 3], " ", J[7, 7]
% A scalar parameter of a function stays a number in the kernel
function y = scale_add(a : scalar, x, z)
    y = a .* x + z
endfunction
K = scale_add(2, A, B)
print sprintf("%.9g", K[17, 33, 1])
% expect note: line 12: expression fused: kernel 'opt__fuse_fusion_expr_L12_C19' over 256 x 256 x 3
% expect note: line 16: expression fused: kernel 'opt__fuse_fusion_expr_L16_C7' over 256 x 256 x 3
% expect note: line 17: expression fused: kernel 'opt__fuse_fusion_expr_L17_C33' over 256 x 256 x 3
% expect note: line 18: expression fused: kernel 'opt__fuse_fusion_expr_L18_C29' over 256 x 256 x 3
% expect note: line 19: expression fused: kernel 'opt__fuse_fusion_expr_L19_C44' over 256 x 256 x 3
% expect note: line 31: expression evaluated on the host: 'n' is not an array
% expect note: line 33: expression evaluated on the host: 256 elements, fewer than QPIPE_FUSE_MIN
% expect note: line 35: expression evaluated on the host: 'I' is not an array of the scalar type
% expect note: line 39: expression fused: kernel 'opt__fuse_fusion_expr_L39_C16' over 256 x 256 x 3
% expect: [256,256,3] -9.35000038 -0.963829279 -6.80305576
% expect: 6.89545441 2.16008615 8.48292923
% expect: -6.49999905 -3.49999952 -4.49999952
% expect: -10.5 -18.5 3.4355464
% expect: 0 0 0 0
% expect: 189.324402 5 2
% expect: -6.87160444
