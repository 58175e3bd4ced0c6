% spec: 000 "Modifiers 'const and 'nocopy" (CUDA support guide)
% repaired: nothing
% run: parse
% note: written `function [] __kernel__ copy_kernel(...)` without `=` in both editions (and in the
% compiler output of the "Example" section); kept as written. `kernel` is as in the document.
function [] __kernel__ copy_kernel(x:vec'const,y:vec'nocopy,pos:int)
    y[pos] = x[pos]
endfunction
x = ones(2^16)
y = zeros(size(x))
parallel_do(numel(x),x,y,kernel)
