% spec: 004 §2.2.6 "User-defined types, type definitions and pointers" (reference manual excerpt)
% repaired: nothing
% run: exec
% example: UDT containing matrices
type wavelet_bands : mutable class
    LL : ^wavelet_bands
    HL : mat
    LH : mat
    HH : mat
endtype
