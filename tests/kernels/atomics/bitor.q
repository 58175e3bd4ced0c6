% Atomic |= on a vec[int]: 16 threads each set bit pos; every returned value already has the thread's bit.
function [] = __kernel__ k(a : vec[int], ok : vec[int], pos : int)
    r = (a[0] |= 2^pos)
    ok[0] += and(r, 2^pos) != 0
endfunction
a = int([0])
ok = int([0])
parallel_do(16, a, ok, k)
print a, " ", ok
% expect: [65535] [16]
