% spec: 000 "Kernel fusion" (CUDA support guide)
% repaired: nothing; fragment completed minimally: the attribute is placed inside the parent function of the kernel functions
% run: parse
function [] = parent(x : mat, y : mat, z : mat)
    {!kernel_fusion strategy="smart"}
    parallel_do(size(y), x, y, kernel1)
    parallel_do(size(z), y, z, kernel2)
endfunction
