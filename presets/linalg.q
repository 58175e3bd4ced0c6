% linalg.q - the linear algebra module that Quasar programs import (import "linalg.q").
%
% The functions are builtins, global without an import (docs/linalg.md): inv, det,
% logdet, svd, pinv, symeig, eig, chol, lu, qr, solve, norm, trace, kron and the blas_*
% functions of the cuBLAS/cuSolver table. This module exists so that such programs run;
% it defines nothing more on purpose: the programs that import it define their own
% helpers (det3x3, inv3x3, symsqrt_and_inv …), and a function of an imported module
% would be chosen over a program's own function of the same name and arity.
