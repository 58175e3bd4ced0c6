% The blas_* builtins through cuBLAS on the CUDA engine (runtime/cuda/blas_ops.c: level 1,
% gemm with transpositions, gemv, trsv, geam; blas_cholsolve by potrs, blas_lusolve and the
% batched LU by get{rf,ri,rs}Batched) against OpenBLAS/LAPACK on the CPU, on 4000-element
% vectors and 64 x 48 matrices of O(1) values. Float sums of thousands of terms in
% another order differ in the 6th digit; sums and norms are printed relative to their
% size: the tolerance.
% gpu tolerance: 0.002
n = 4000
x = zeros(n)
y = zeros(n)
for i = 0..n-1
    x[i] = sin(i * 0.01) + 0.1 + i * 1e-4
    y[i] = cos(i * 0.013)
endfor
print round(blas_asum(x) / n * 1000) / 1000
print round(blas_nrm2(x) / sqrt(n) * 1000) / 1000
print round(blas_dot(x, y) / n * 1000) / 1000
print blas_amax(x)
print blas_amin(y)
z = blas_axpy(2, x, y)
print round(z[0..5] * 1000) / 1000
z = blas_scal(-0.5, x)
print round(z[100..105] * 1000) / 1000
A = zeros(64, 48)
B = zeros(64, 48)
for i = 0..63
    for j = 0..47
        A[i, j] = sin(i * 0.3 + j) / 8
        B[i, j] = cos(i - j * 0.7) / 8
    endfor
endfor
C = blas_gemm(A, transpose(B))
print round(C[0..2, 0..3] * 1000) / 1000
C = blas_gemm(0.5, A, B, 2, eye(48), 1, 0)
print round(C[10..12, 20..23] * 1000) / 1000
v = blas_gemv(A, linspace(0, 1, 48))
print round(v[0..5] * 1000) / 1000
v = blas_gemv(2, A, linspace(0, 1, 64), -1, ones(48), 1)
print round(v[0..5] * 1000) / 1000
T = zeros(48, 48)
for i = 0..47
    for j = i..47
        T[i, j] = i == j ? 2 : B[i, j]
    endfor
endfor
s = blas_trsv(T, linspace(1, 2, 48))
print round(s[0..5] * 1000) / 1000
s = blas_trsv(T, linspace(1, 2, 48), "U", "T")
print round(s[42..47] * 1000) / 1000
G = blas_geam(2, A, -1, B)
print round(G[60..63, 44..47] * 1000) / 1000
S = transpose(A) * A + eye(48)
R = blas_chol(S)
q = blas_cholsolve(R, linspace(-1, 1, 48))
print round(q[0..5] * 10000) / 10000
[LU, piv] = blas_lu(S + T)
print piv[0..9]
q = blas_lusolve(LU, piv, linspace(-1, 1, 48))
print round(q[0..5] * 10000) / 10000
X = zeros(3, 48, 48)
for k = 0..2
    X[k, :, :] = S + k * T
endfor
[LB, pb] = blas_lubatched(X)
Y = blas_lumatinvbatches(LB, pb)
print round(Y[1, 0..2, 0..3] * 10000) / 10000
Z = blas_matinvbatches(X)
print max(abs(Z - Y)) < 1e-3
W = blas_lusolvebatches(LB, pb, ones(3, 48))
print round(W[2, 0..5] * 10000) / 10000
