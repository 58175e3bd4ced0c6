% spec: 000 "Atomic operations" (CUDA support guide)
% repaired: table cells lost in extraction restored: `=` is `*=`, `*=` (pointwise) is `.*=`, `&amp;=` is `&=`, ` =` is `|=`; the 2015 edition writes the minimum as `_=`, the newer `__=` is used
% run: parse
% table of atomic operators, one small kernel each
function [] = __kernel__ atomic_add(a : vec, x : vec, pos : int)
    a[0] += x[pos]
endfunction

function [] = __kernel__ atomic_subtract(a : vec, x : vec, pos : int)
    a[0] -= x[pos]
endfunction

function [] = __kernel__ atomic_multiply(a : vec, x : vec, pos : int)
    a[0] *= x[pos]
endfunction

function [] = __kernel__ atomic_divide(a : vec, x : vec, pos : int)
    a[0] /= x[pos]
endfunction

function [] = __kernel__ atomic_power(a : vec, x : vec, pos : int)
    a[0] ^= x[pos]
endfunction

function [] = __kernel__ atomic_pointwise_multiply(a : mat, x : vec3, pos : int)
    a[0, 0..2] .*= x
endfunction

function [] = __kernel__ atomic_pointwise_divide(a : mat, x : vec3, pos : int)
    a[0, 0..2] ./= x
endfunction

function [] = __kernel__ atomic_pointwise_power(a : mat, x : vec3, pos : int)
    a[0, 0..2] .^= x
endfunction

function [] = __kernel__ atomic_bitwise_and(a : vec[int], x : vec[int], pos : int)
    a[0] &= x[pos]
endfunction

function [] = __kernel__ atomic_bitwise_or(a : vec[int], x : vec[int], pos : int)
    a[0] |= x[pos]
endfunction

function [] = __kernel__ atomic_bitwise_xor(a : vec[int], x : vec[int], pos : int)
    a[0] ~= x[pos]
endfunction

function [] = __kernel__ atomic_maximum(a : vec, x : vec, pos : int)
    a[0] ^^= x[pos]
endfunction

function [] = __kernel__ atomic_minimum(a : vec, x : vec, pos : int)
    a[0] __= x[pos]
endfunction
