% spec: 002 "Modifiers 'const and 'nocopy" (CUDA support guide, 2015 edition)
% repaired: `ones(216)` (superscript lost) is `ones(2^16)`, as in the newer edition
% run: parse
% note: differs from 000 by the old-style end keyword `end`. `function [] __kernel__` without `=`
% and `kernel` are as in the document.
function [] __kernel__ copy_kernel(x:vec'const, y:vec'nocopy, pos:int)
    y[pos] = x[pos]
end
x = ones(2^16)
y = zeros(size(x))
parallel_do(numel(x), x, y, kernel)
