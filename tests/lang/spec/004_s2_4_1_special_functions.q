% spec: 004 §2.4.1 "Basic usage: kernel functions" (reference manual excerpt)
% repaired: the calls of the list, one per line
% run: parse
% example: special functions within kernel functions
periodize(x, N)
mirror_ext(x, N)
clamp(x, N)
int(x)
float(x)
shared(dims)
shared_zeros(dims)
shared[T](dims)
