% spec: 000 "Atomic operations" (CUDA support guide)
% repaired: nothing (inline example; `print b` added to record the documented value)
% run: exec
a=0; b=(a+=1)
print b
% spec output: 1
% expect: 1
