% if / elseif / else inside a kernel: each thread takes its own branch (a three-level quantiser).
function [] = __kernel__ quant(x : vec, y : vec, pos : int)
    v = x[pos]
    if v < 0
        y[pos] = -1
    elseif v < 10
        y[pos] = 0
    elseif v == 10
        y[pos] = 5
    else
        y[pos] = 1
    endif
endfunction
x = [-3, 0, 9.5, 10, 11, -0.5]
y = zeros(6)
parallel_do(6, x, y, quant)
print y
% expect: [-1,0,0,5,1,-1]
