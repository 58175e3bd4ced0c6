% spec: 004 §2.2.6 "User-defined types, type definitions and pointers" (reference manual excerpt)
% repaired: nothing
% run: parse
% example: explicit initialization
bands = wavelet_bands(LL:=nullptr,
HL:=ones(64,64),
LH:=ones(64,64),
HH:=ones(64,64))
