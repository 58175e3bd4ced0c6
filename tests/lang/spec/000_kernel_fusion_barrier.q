% spec: 000 "Kernel fusion" (CUDA support guide)
% repaired: nothing; fragment completed minimally: the inline barrier attribute placed between two kernel launches in a parent function
% run: parse
function [] = parent(x : mat, y : mat, z : mat)
    {!kernel_fusion strategy="manual"}
    parallel_do(size(y), x, y, kernel1)
    {! kernel_fusion barrier }
    parallel_do(size(z), y, z, kernel2)
endfunction
