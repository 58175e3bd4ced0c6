% spec: 004 §2.4.4 "Large vector/matrix dimensions that are not a power/multiple of 2" (reference manual excerpt)
% repaired: typographic apostrophe is "'"; "->" restored
% run: parse
% example: padding by the runtime
function [] = __kernel__ my_kernel(y : vec'unchecked, pos : int)
    if pos >= 0 && pos < numel(y)
        y[pos] = 1.0
    endif
endfunction
y = zeros(65535)
pad = x -> ceil(x / BLOCK_SIZE) * BLOCK_SIZE % Block size is determined automatically
parallel_do(pad(numel(y)),y,my_kernel) % Success!
