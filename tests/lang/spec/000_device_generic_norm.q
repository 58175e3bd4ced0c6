% spec: 000 "Device functions" (CUDA support guide)
% repaired: nothing; the inline uses `norm(-2)=2` and `norm([3,4])=5` from the text are added as print statements
% run: exec
norm = __device__ (x) -> sqrt(sum(x.^2))
print norm(-2)
% spec output: 2
print norm([3,4])
% spec output: 5
% expect: 2
% expect: 5
