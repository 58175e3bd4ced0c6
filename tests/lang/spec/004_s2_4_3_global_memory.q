% spec: 004 §2.4.3 "Memory usage inside kernel or device functions" (reference manual excerpt)
% repaired: nothing
% run: parse
% example: global memory
function [] = __kernel__ my_kernel (X : mat, pos : ivec2)
    % X[pos] is stored in global memory
endfunction
X = ones(4096,4096)
parallel_do(size(X), my_kernel)
