% spec: 002 "Multi-GPU" (CUDA support guide, 2015 edition)
% repaired: `...` standing for omitted arguments written as a spread `...args` so that it parses
% run: parse
% note: differs from 000 by the old-style end keyword `end`.
for k=0..2..num_tasks-1
  {!sched gpu_index=0}
  parallel_do(...args, k, kernel1)
  {!sched gpu_index=1}
  parallel_do(...args, k+1, kernel1)

  {!sched gpu_index=0}
  parallel_do(...args, k, kernel2)
  {!sched gpu_index=1}
  parallel_do(...args, k+1, kernel2)
end
