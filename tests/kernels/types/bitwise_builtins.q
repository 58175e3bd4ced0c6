% The bitwise builtins and, or, xor, not, shl, shr on ints in a kernel (compiled as C operators
% and qp_math.h's shifts, the host's own): a negative count shifts the other way, shr is
% arithmetic. Row p is for a = 37 p + 5.
function [] = __kernel__ k(y : mat, pos : int)
    a = pos * 37 + 5
    y[pos, 0] = and(a, 12)
    y[pos, 1] = or(a, 3)
    y[pos, 2] = xor(a, 255)
    y[pos, 3] = shl(a, 3)
    y[pos, 4] = shr(a, 2)
    y[pos, 5] = shl(a, -1)
    y[pos, 6] = shr(-a, 1)
    y[pos, 7] = not(a)
endfunction
y = zeros(4, 8)
parallel_do(4, y, k)
print y
% expect: [[4,7,250,40,1,2,-3,-6],[8,43,213,336,10,21,-21,-43],[12,79,176,632,19,39,-40,-80],[4,119,139,928,29,58,-58,-117]]
