% Atomic compound operators on narrow integer arrays (vec[uint8], vec[int16]) from many threads: exact counts in range.
function [] = __kernel__ k(u : vec[uint8], s : vec[int16], pos : int)
    u[mod(pos, 2)] += 1
    s[0] -= 3
    s[1] ^^= pos
    s[2] |= 2^mod(pos, 8)
endfunction
u = vec[uint8](2)
s = vec[int16](3)
s[0] = 1000
parallel_do(201, u, s, k)
print u, " ", s
% expect: [101,100] [397,200,255]
