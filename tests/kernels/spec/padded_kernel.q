% Spec 004 §2.4.4 "Large vector/matrix dimensions": dims padded to a multiple of the block size, and the kernel guards pos < numel(y).
% adapted: 1000 elements instead of 65535 and BLOCK_SIZE 64 written out; a lambda `pad = x -> ...` as in the text.
function [] = __kernel__ my_kernel(y : vec'unchecked, pos : int)
    if pos >= 0 && pos < numel(y)
        y[pos] = 1.0
    endif
endfunction
y = zeros(1000)
BLOCK_SIZE = 64
pad = x -> ceil(x / BLOCK_SIZE) * BLOCK_SIZE
print pad(numel(y))
parallel_do(pad(numel(y)),y,my_kernel) % Success!
print sum(y), " ", y[0], " ", y[999]
% expect: 1024
% expect: 1000 1 1
