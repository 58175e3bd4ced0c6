% A compound assignment to an element of a kernel's local vector (dr[i] += t * t) is
% dr[i] = dr[i] + t * t; compiled kernels used to hand the whole kernel to the interpreter
% for it (tests/e2e/e2e_compiled.py checks that it compiles). By hand, y[pos] = dr[0] + dr[3]
% with dr[i] = (pos + i)^2 - 1 (-= 1 after): pos 0: 0 + 9 - 2 = 7, pos 1: 1 + 16 - 2 = 15,
% pos 2: 4 + 25 - 2 = 27; and dr[1] *= 2 doubles (pos + 1)^2 - 1: z = [0, 6, 16].
function [] = __kernel__ kern(y : vec, z : vec, pos : int)
    dr = zeros(4)
    for i = 0..3
        t = pos + i
        dr[i] += t * t
        dr[i] -= 1
    endfor
    y[pos] = dr[0] + dr[3]
    dr[1] *= 2
    z[pos] = dr[1]
endfunction
y = zeros(3)
z = zeros(3)
parallel_do(size(y), y, z, kern)
print y
print z
% expect: [7,15,27]
% expect: [0,6,16]
