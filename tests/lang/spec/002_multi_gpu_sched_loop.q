% spec: 002 "Multi-GPU" (CUDA support guide, 2015 edition)
% repaired: `...` standing for omitted arguments written as a spread `...args` so that it parses
% run: parse
% note: differs from 000 by the old-style end keyword `end`.
for k=0..num_tasks-1
  {!sched gpu_index=mod(k,2)}
  parallel_do(...args, kernel1)
  parallel_do(...args, kernel2)
end
