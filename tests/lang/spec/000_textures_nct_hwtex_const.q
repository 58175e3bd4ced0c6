% spec: 000 "Non-coherent Texture Cache" (CUDA support guide)
% repaired: inline modifier `'hwtex_const` completed minimally into a kernel parameter (the 2015 edition spells it `'hwtext_const`)
% run: parse
function [] = __kernel__ nct_copy(x : vec'hwtex_const, y : vec, pos : int)
    y[pos] = x[pos]
endfunction
