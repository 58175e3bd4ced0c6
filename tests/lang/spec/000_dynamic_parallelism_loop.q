% spec: 000 "Dynamic parallelism" (CUDA support guide)
% repaired: nothing
% run: parse
for m=0..size(y,0)-1
  for c=0..size(y,2)-1
    row = y[m,:,c]
    y[m,:,c] = row[numel(row)-1..-1..0]
  endfor
endfor
