% system.q - the standard definitions every Quasar program may import.
%
% Type predicates (spec 004 §2.2) and the conditional-assignment reductions of spec 001
% ("Matrix Conditional Assignment"). qpipe's interpreter performs `x[a > b] = c`
% natively with exactly the meaning these reductions give it (x takes c where the
% condition holds); they are declared here so that programs and the kernel compiler
% see the same definitions as in Quasar.

isreal = x -> type(x, "scalar") || type(x, "vec") || type(x, "mat") || type(x, "cube")
iscomplex = x -> type(x, "cscalar") || type(x, "cvec") || type(x, "cmat") || type(x, "ccube")
isscalar = x -> type(x, "scalar") || type(x, "cscalar")
isvector = x -> type(x, "vec") || type(x, "cvec")
ismatrix = x -> type(x, "mat") || type(x, "cmat") || isvector(x)
iscube = x -> type(x, "cube") || type(x, "ccube") || ismatrix(x)
isint = x -> type(x, "int")
isstring = x -> type(x, "string")
iscell = x -> type(x, "cell")
isfunction = x -> type(x, "function")
isobject = x -> type(x, "object")

type matrix_type : [vec|mat|cube|cvec|cmat|ccube]
reduction (x : matrix_type, a : matrix_type, b, c) -> (x[a > b] = c) = (x += (c - x) .* (a > b))
reduction (x : matrix_type, a : matrix_type, b, c) -> (x[a < b] = c) = (x += (c - x) .* (a < b))
reduction (x : matrix_type, a : matrix_type, b, c) -> (x[a <= b] = c) = (x += (c - x) .* (a <= b))
reduction (x : matrix_type, a : matrix_type, b, c) -> (x[a >= b] = c) = (x += (c - x) .* (a >= b))
reduction (x : matrix_type, a : matrix_type, b, c) -> (x[a == b] = c) = (x += (c - x) .* (a == b))
reduction (x : matrix_type, a : matrix_type, b, c) -> (x[a != b] = c) = (x += (c - x) .* (a != b))
reduction (x : matrix_type, a : matrix_type, b, c) -> (x[a && b] = c) = (x += (c - x) .* (a && b))
reduction (x : matrix_type, a : matrix_type, b, c) -> (x[a || b] = c) = (x += (c - x) .* (a || b))
