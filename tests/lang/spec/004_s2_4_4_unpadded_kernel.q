% spec: 004 §2.4.4 "Large vector/matrix dimensions that are not a power/multiple of 2" (reference manual excerpt)
% repaired: typographic apostrophe is "'"
% run: parse
function [] = __kernel__ my_kernel(y : vec'unchecked, pos : int)
    y[pos] = 1.0
endfunction
y = zeros(65535)
parallel_do(size(y),y,my_kernel) % errorInvalidValue
