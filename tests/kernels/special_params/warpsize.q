% warpsize (also spelled warpSize in spec 000) is an int special parameter of the device, at least 1.
function [] = __kernel__ k(y : vec, pos : int, warpsize : int)
    y[pos] = warpsize >= 1 && warpsize == int(warpsize)
endfunction
function [] = __kernel__ k2(y : vec, pos : int, warpSize : int)
    y[pos] = y[pos] + (warpSize >= 1)
endfunction
y = zeros(4)
parallel_do(4, y, k)
parallel_do(4, y, k2)
print y
% expect: [2,2,2,2]
