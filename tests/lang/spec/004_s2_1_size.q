% spec: 004 §2.1 "Arrays" (reference manual excerpt)
% repaired: nothing
% run: parse
% example: size
dims = size(a)
dim_y = size(a,0)
dim_x = size(a,1)
dim_z = size(a,2)
[dim_y,dim_x] = size(a,0..1)
[dim_y,dim_x,dim_z] = size(a)
