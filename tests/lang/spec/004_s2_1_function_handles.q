% spec: 004 §2.1 "Functions" (reference manual excerpt)
% repaired: nothing
% run: parse
% example: function handles
my_func = colortransform
print my_func([0.2, 0.2, 0.3])
