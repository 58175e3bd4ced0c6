% The complex matrix product through cuBLAS's cgemm (the CUDA engine, runtime/cuda/blas.c)
% against OpenBLAS on the CPU: a 40 x 30 by 30 x 20 product of values O(1); float sums of
% 30 terms in a different order may flip the last rounded digit (0.001): the tolerance.
% gpu tolerance: 0.0011
A = complex(zeros(40, 30))
B = complex(zeros(30, 20))
for i = 0..39
    for j = 0..29
        A[i, j] = sin(i * 0.3 + j) + 1i * cos(i - j * 0.7)
    endfor
endfor
for i = 0..29
    for j = 0..19
        B[i, j] = cos(i * 0.2 + j * 0.9) - 1i * sin(i * j * 0.1)
    endfor
endfor
C = A * B
print round(real(C[0..2, 0..3]) * 1000) / 1000
print round(imag(C[37..39, 16..19]) * 1000) / 1000
print round(real(sum(C)) * 1000) / 1000
