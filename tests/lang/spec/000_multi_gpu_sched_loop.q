% spec: 000 "Multi-GPU" (CUDA support guide)
% repaired: `...` standing for omitted arguments written as a spread `...args` so that it parses
% run: parse
for k=0..num_tasks-1
  {!sched gpu_index=mod(k,2)}
  parallel_do(...args, kernel1)
  parallel_do(...args, kernel2)
endfor
