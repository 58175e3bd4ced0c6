% Atomic ~= (bitwise XOR, spec 000 table) on a vec[int]: bits toggled an even number of times cancel.
function [] = __kernel__ k(a : vec[int], pos : int)
    a[0] ~= 2^mod(pos, 4)
endfunction
a = int([16])
parallel_do(10, a, k)
print a
% expect: [19]
