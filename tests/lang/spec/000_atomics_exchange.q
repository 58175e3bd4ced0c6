% spec: 000 "Atomic exchange, compare and exchange" (CUDA support guide)
% repaired: nothing
% run: parse
old_val = (a[0] <- new_val)
