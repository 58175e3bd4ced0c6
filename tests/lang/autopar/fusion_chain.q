% Consecutive elementwise statements fused into one kernel (issue 10; spec 000 "Kernel
% fusion": `{!kernel_fusion strategy=...}` in the parent function asks for it, a
% `{!kernel_fusion barrier}` statement keeps the statements around it apart). In chain(),
% t is named nowhere else, so it stays in the kernel; u is an output, so it is written too.
% Values: NumPy in float32 (each operation rounded to single precision); and each result
% equals the host's statement-by-statement evaluation (the `h(...)` calls keep it on the
% host): max difference 0. A function without the attribute fuses each expression alone, when it has more than one
% operation (`y = t - a` is one pass over memory on the host too: no kernel).
% options: -v
function y = h(x)
    y = x
endfunction
function [y, u] = chain(a, b, c)
    {!kernel_fusion strategy="smart"}
    t = a .* b
    u = t + c
    y = sqrt(abs(u)) - a
endfunction
function y = chain2(a, b, c)
    {!kernel_fusion strategy="manual"}
    t = a > b
    u = t ./ 2 + c
    {!kernel_fusion barrier}
    y = u .* t
endfunction
function y = no_chain(a, b)
    t = a .* b - 1
    y = t - a
endfunction
X = reshape(0..256*256*3-1, [256, 256, 3])
A = sin(X * 0.37) * 3.7
B = cos(X * 0.13) + 0.1
C = X - floor(X / 17) * 17 - 8.5
[Y, U] = chain(A, B, C)
t0 = h(A) .* h(B)
u0 = h(t0) + h(C)
y0 = sqrt(abs(h(u0))) - h(A)
print max(abs(Y - y0)[:]), " ", max(abs(U - u0)[:]), sprintf(" %.9g %.9g", Y[17, 33, 1], U[200, 7, 2])
Z = chain2(A, B, C)
t1 = h(A) > h(B)
u1 = h(t1) ./ 2 + h(C)
z1 = h(u1) .* h(t1)
print max(abs(Z - z1)[:]), " ", Z[100, 100, 1], " ", Z[17, 33, 1]
W = no_chain(A, B)
print max(abs(W - (h(A) .* h(B) - 1 - h(A)))[:])
function y = chain3(a, b)
    {!kernel_fusion strategy="noreordering"}
    t = a .* b
    y = t - a
endfunction
V = chain3(ones(16, 16) * 3, ones(16, 16) * 2)
print V[15, 15]
% expect note: line 15: 3 statements fused: kernel 'opt__fuse_fusion_chain_L15_C5' over 256 x 256 x 3
% expect note: line 21: 2 statements fused: kernel 'opt__fuse_fusion_chain_L21_C5' over 256 x 256 x 3
% expect note: line 27: expression fused: kernel 'opt__fuse_fusion_chain_L27_C16' over 256 x 256 x 3
% expect note: line 48: statements run one by one: 256 elements, fewer than QPIPE_FUSE_MIN
% expect: 0 0 5.8777771 1.44702971
% expect: 0 -2 0
% expect: 0
% expect: 3
