% spec: 000 "Atomic exchange, compare and exchange" (CUDA support guide)
% repaired: nothing
% run: parse
old_val = (a[0] <- (expected_val, new_val))
