% spec: 004 §2.2.3 "Integer types" (reference manual excerpt)
% repaired: the list written as declarations
% run: parse
% example: list of integer types
a0 : int
a1 : int8
a2 : int16
a3 : int32
a4 : int64
a5 : uint8
a6 : uint16
a7 : uint32
a8 : uint64
