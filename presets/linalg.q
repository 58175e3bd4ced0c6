% linalg.q - the linear algebra module that Quasar programs import ("import "linalg.q"").
%
% The functions themselves are builtins, global without an import (docs/linalg.md):
% inv, det, logdet, svd, pinv, symeig, eig, chol, lu, qr, solve, norm, trace, kron and
% the blas_* functions. Importing this module keeps such programs running and adds a
% few helpers written in Quasar on top of them.

% cross(a, b): the cross product of two 3-vectors.
function c = cross(a, b)
    c = [a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]]
endfunction

% outer(a, b): the outer product of two vectors, a numel(a) x numel(b) matrix.
function C = outer(a, b)
    C = transpose(a[:]) * reshape(b[:], 1, numel(b))
endfunction

% symsqrt(A): the symmetric square root S of a symmetric positive semi-definite A
% (S*S = A), from its eigendecomposition; negative eigenvalues (rounding) count as 0.
function S = symsqrt(A)
    [V, D] = symeig(A)
    S = V * diag(sqrt(max(diag(D), 0))) * transpose(V)
endfunction
