% A vec[uint8] in a kernel: elements read as integers, 'safe outside reads give 0, writes store uint8.
function [] = __kernel__ k(x : vec[uint8], y : vec[uint8], pos : int)
    y[pos] = x[pos] + x[pos + 1]
endfunction
x = uint8([10, 20, 30, 200])
y = vec[uint8](4)
parallel_do(4, x, y, k)
print y, " ", type(y)
% expect: [30,50,230,200] vec[uint8]
