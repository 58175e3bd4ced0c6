% spec: 000 "Texture memory" (CUDA support guide)
% repaired: the boundary-mode table, split in two by a page break, is one table; one small kernel per modifier
% run: parse
function [] = __kernel__ boundary_unchecked(y : vec, x : vec'unchecked, pos : int)
    y[pos] = x[pos + 1]
endfunction

function [] = __kernel__ boundary_checked(y : vec, x : vec'checked, pos : int)
    y[pos] = x[pos + 1]
endfunction

function [] = __kernel__ boundary_circular(y : vec, x : vec'circular, pos : int)
    y[pos] = x[pos + 1]
endfunction

function [] = __kernel__ boundary_mirror(y : vec, x : vec'mirror, pos : int)
    y[pos] = x[pos + 1]
endfunction

function [] = __kernel__ boundary_clamped(y : vec, x : vec'clamped, pos : int)
    y[pos] = x[pos + 1]
endfunction

function [] = __kernel__ boundary_safe(y : vec, x : vec'safe, pos : int)
    y[pos] = x[pos + 1]
endfunction
