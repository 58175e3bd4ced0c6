% spec: 000 "Running kernels on the GPU" (CUDA support guide)
% repaired: inline expression extracted as LaTeX `A+B \cdot C+D[:,2]`; written as in the 2015 edition, `A+B.*C+D[:,2]`
% run: parse
% inline example: a matrix expression for which the compiler may generate a kernel function
A+B.*C+D[:,2]
