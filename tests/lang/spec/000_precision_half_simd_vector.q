% spec: 000 "Datatypes and working precision" (CUDA support guide)
% repaired: inline type `vec[scalar'half](2)` completed minimally into an assignment
% run: parse
x = vec[scalar'half](2)
