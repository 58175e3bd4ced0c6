% Local vectors from literals in a kernel (spec 004 §2.4.3): ivec4, vec4 and a complex cvec2, each thread its own.
function [] = __kernel__ k(y : mat, z : cvec, pos : int)
    A = [0, 1, 2, 3]
    B = [0., 1., 2., 3.]
    C = [1 + 1j, 2 - 2j]
    A[pos] = 10
    B[pos] = B[pos] / 4
    y[pos, :] = A + B
    z[pos] = C[pos] * 1j
endfunction
y = zeros(2, 4)
z = complex(zeros(2))
parallel_do(2, y, z, k)
print y
print z
% expect: [[10,2,4,6],[0,10.25,4,6]]
% expect: [-1+1j,2+2j]
