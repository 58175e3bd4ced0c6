% spec: 000 "Kernel fusion" (CUDA support guide)
% repaired: nothing (table of kernel fusion strategies, one small parent function each)
% run: parse
function [] = fused_smart(x : mat, y : mat, z : mat)
    {!kernel_fusion strategy="smart"}
    parallel_do(size(y), x, y, kernel1)
    parallel_do(size(z), y, z, kernel2)
endfunction

function [] = fused_noreordering(x : mat, y : mat, z : mat)
    {!kernel_fusion strategy="noreordering"}
    parallel_do(size(y), x, y, kernel1)
    parallel_do(size(z), y, z, kernel2)
endfunction

function [] = fused_minsyncgrid(x : mat, y : mat, z : mat)
    {!kernel_fusion strategy="minsyncgrid"}
    parallel_do(size(y), x, y, kernel1)
    parallel_do(size(z), y, z, kernel2)
endfunction

function [] = fused_minworkingmemory(x : mat, y : mat, z : mat)
    {!kernel_fusion strategy="minworkingmemory"}
    parallel_do(size(y), x, y, kernel1)
    parallel_do(size(z), y, z, kernel2)
endfunction

function [] = fused_manual(x : mat, y : mat, z : mat)
    {!kernel_fusion strategy="manual"}
    parallel_do(size(y), x, y, kernel1)
    parallel_do(size(z), y, z, kernel2)
endfunction
