% Atomic &= on a vec[int]: each of 8 threads clears bit pos when pos is even; 255 becomes 170.
function [] = __kernel__ k(a : vec[int], pos : int)
    if mod(pos, 2) == 0
        a[0] &= 255 - 2^pos
    endif
    a[1] &= 511 - 2^pos
endfunction
a = int([255, 1023])
parallel_do(8, a, k)
print a
% expect: [170,256]
