% solve, inv and chol on a 64 x 64 system: cuSOLVER (getrf/getrs, potrf) on the CUDA
% engine against LAPACK on the CPU (runtime/cuda/solver.c). Run by tests/gpu/run.sh,
% which compares the two engines within the tolerance below: float LU with different
% pivot-search and blocking orders differs in the last digits (the values are O(1), the
% residuals printed are under 1e-3 on both engines); the singular and not positive
% definite cases must give the same error.
% gpu tolerance: 0.002
n = 64
M = zeros(n, n)
for i = 0..n-1
    for j = 0..n-1
        M[i, j] = sin(i * 0.37 + j * 1.3) + (i == j ? 8 : 0)
    endfor
endfor
A = M * transpose(M)
B = zeros(n, 3)
for i = 0..n-1
    B[i, 0] = cos(i * 0.5)
    B[i, 1] = i / n
    B[i, 2] = 1
endfor
X = solve(M, B)
print round(X[0..4, :] * 1000) / 1000
print max(abs(M * X - B)) < 1e-3
x = solve(M, B[:, 1])
print round(x[0..4] * 1000) / 1000
Mi = inv(M)
print round(Mi[0..2, 0..3] * 10000) / 10000
print max(abs(Mi * M - eye(n))) < 1e-3
R = chol(A / 64)
print round(R[0..2, 0..3] * 1000) / 1000
print max(abs(transpose(R) * R - A / 64)) < 1e-3
print sum(abs(R[1..n-1, 0]))
S = zeros(3, 3)
S[0, 0] = 1
print solve(S, [1, 2, 3])
