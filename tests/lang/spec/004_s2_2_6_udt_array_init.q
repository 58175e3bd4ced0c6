% spec: 004 §2.2.6 "User-defined types, type definitions and pointers" (reference manual excerpt)
% repaired: nothing
% run: parse
% example: initialization of UDT arrays
a = point_vec(10)
b = point_mat(4, 5)
c = point_cube([1, 2, 3])
