% spec: 004 §2.2 "A brief introduction of the type system" (reference manual excerpt)
% repaired: "->" and "||" restored; the isreal and iscomplex lines, broken by page layout, joined
% run: exec
% example: type-checking lambdas of system.q
isreal = x -> type(x, "scalar") || type(x,"vec") || type(x,"mat") || type(x, "cube")
iscomplex = x -> type(x, "cscalar") || type(x,"cvec") || type(x,"cmat") || type(x, "ccube")
isscalar = x -> type(x, "scalar") || type(x, "cscalar")
isvector = x -> type(x, "vec") || type(x, "cvec")
ismatrix = x -> type(x, "mat") || type(x, "cmat") || isvector(x)
iscube = x -> type(x, "cube") || type(x, "ccube") || ismatrix(x)
