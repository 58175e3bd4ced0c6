% spec: 004 §2.4.4 "Advanced usage: shared memory and synchronization" (reference manual excerpt)
% repaired: the operators listed in the prose ("+=, -=, /=, *=, ^=", the minus of -= lost) written as statements inside a kernel (operands and wrapper added)
% run: parse
% example: atomic operations
function [] = __kernel__ atomic_forms(y : vec, x : vec, pos : int)
    y[0] += x[pos]
    y[0] -= x[pos]
    y[0] /= x[pos]
    y[0] *= x[pos]
    y[0] ^= x[pos]
endfunction
