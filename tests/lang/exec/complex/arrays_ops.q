% Whole-array operators on cmat and ccube: complex with complex, real arrays and scalars,
% unary minus, comparisons, real/imag/abs/angle/conj, sum/mean, indexing reads and writes.
A = [[1+2j, 3-1j], [-2+0j, 0+4j]]
R = [[1, 2], [3, 4]]
print A + A
print A - R
print A .* A
print A ./ (1+1j)
print 2 * A
print A * 0.5
print -A
print R + 1j
print 1 - A
print A == A
print A != conj(A)
print real(A), " ", imag(A)
print abs([[3+4j, -5+0j]]), " ", angle([[0+1j, -1+0j]])
print conj(A)
print sum(A), " ", mean(A)
print sum(A, 0)
C = reshape(complex([1.0, 2, 3, 4, 5, 6, 7, 8], [8.0, 7, 6, 5, 4, 3, 2, 1]), [2, 2, 2])
print type(C), " ", C[1, 0, 1]
C[0, 1, 0] = 10-10j
print C[0, :, :]
print sum(C .* conj(C))
F = [[0.5, 2], [3, 4]]
print A .* F, " ", A ./ F, " ", A - F
A[1, 1] = 7
print A
% expect: [[2+4j,6-2j],[-4+0j,0+8j]]
% expect: [[0+2j,1-1j],[-5+0j,-4+4j]]
% expect: [[-3+4j,8-6j],[4+0j,-16+0j]]
% expect: [[1.5+0.5j,1-2j],[-1+1j,2+2j]]
% expect: [[2+4j,6-2j],[-4+0j,0+8j]]
% expect: [[0.5+1j,1.5-0.5j],[-1+0j,0+2j]]
% expect: [[-1-2j,-3+1j],[2+0j,0-4j]]
% expect: [[1+1j,2+1j],[3+1j,4+1j]]
% expect: [[0-2j,-2+1j],[3+0j,1-4j]]
% expect: [[1,1],[1,1]]
% expect: [[1,1],[0,1]]
% expect: [[1,3],[-2,0]] [[2,-1],[0,4]]
% expect: [[5,5]] [[1.5708,3.14159]]
% expect: [[1-2j,3+1j],[-2+0j,0-4j]]
% expect: 2+5j 0.5+1.25j
% expect: [[-1+2j,3+3j]]
% expect: ccube 6+3j
% expect: [[1+8j,2+7j],[10-10j,4+5j]]
% expect: 563+0j
% expect: [[0.5+1j,6-2j],[-6+0j,0+16j]] [[2+4j,1.5-0.5j],[-0.666667+0j,0+1j]] [[0.5+2j,1-1j],[-5+0j,-4+4j]]
% expect: [[1+2j,3-1j],[-2+0j,7+0j]]
