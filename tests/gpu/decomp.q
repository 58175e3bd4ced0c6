% lu, qr, svd, symeig, eig, logdet and the least-squares solve through cuSOLVER on the
% CUDA engine (runtime/cuda/decomp.c: getrf, geqrf/orgqr, gesvd, syevd, Xgeev, QR with
% ormqr/trsm) against LAPACK on the CPU, on a 48 x 32 matrix of O(1) values. Singular
% vectors and eigenvectors are defined up to sign (eig: a unit factor) and the two
% libraries may choose differently, and eig's order is the library's: only values,
% |R|, residuals and orthogonality are printed. Float factorisations blocked differently
% differ in the last digits (values O(1), printed to 3 decimals): the tolerance.
% gpu tolerance: 0.002
m = 48
n = 32
A = zeros(m, n)
for i = 0..m-1
    for j = 0..n-1
        A[i, j] = sin(i * 0.37 + j * 1.3) + (i == j ? 3 : 0)
    endfor
endfor
S = transpose(A) * A / m + eye(n)
[L, U, P] = lu(A)
print max(abs(P * A - L * U)) < 1e-3
print round(U[0..2, 0..3] * 1000) / 1000
print P * linspace(0, m - 1, m)
[Q, R] = qr(A)
print max(abs(Q * R - A)) < 1e-3
print max(abs(transpose(Q) * Q - eye(m))) < 1e-3
print round(abs(R[0..3, 0..3]) * 1000) / 1000
s = svd(A)
print round(s[0..5] * 1000) / 1000
[U2, S2, V2] = svd(A)
print max(abs(U2 * S2 * transpose(V2) - A)) < 1e-3
print max(abs(transpose(V2) * V2 - eye(n))) < 1e-3
[U3, S3, V3] = svd(transpose(A))
print max(abs(U3 * S3 * transpose(V3) - transpose(A))) < 1e-3
w = symeig(S)
print round(w[0..4] * 1000) / 1000
[V, D] = symeig(S)
print max(abs(S * V - V * diag(D))) < 1e-3
G = A[0..15, 0..15]
e = eig(G)
print round(sum(real(e)) * 1000) / 1000
print round(sum(abs(e)) * 1000) / 1000
[EV, ED] = eig(G)
print max(abs(G * EV - EV * ED)) < 1e-3
print round(logdet(S) * 1000) / 1000
b = zeros(m)
for i = 0..m-1
    b[i] = cos(i * 0.5)
endfor
x = solve(A, b)
print round(x[0..4] * 1000) / 1000
y = solve(transpose(A), b[0..n-1])
print round(y[0..4] * 1000) / 1000
print max(abs(transpose(A) * y - b[0..n-1])) < 1e-3
