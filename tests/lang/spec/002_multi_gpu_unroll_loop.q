% spec: 002 "Multi-GPU" (CUDA support guide, 2015 edition)
% repaired: `...` standing for omitted arguments written as a spread `...args` so that it parses
% run: parse
% note: differs from 000 by the old-style end keyword `end`.
for k=0..num_tasks-1
  {!unroll times=2; multi_device=true}
  parallel_do(...args, k, kernel1)
  parallel_do(...args, k, kernel2)
end
