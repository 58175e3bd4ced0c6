% spec: 000 "Modifiers 'const and 'nocopy" (CUDA support guide)
% repaired: nothing (table of type modifiers, one small kernel each)
% run: parse
function [] = __kernel__ modifier_const(x : vec'const, y : vec, pos : int)
    y[pos] = x[pos]
endfunction

function [] = __kernel__ modifier_nocopy(x : vec, y : vec'nocopy, pos : int)
    y[pos] = x[pos]
endfunction
