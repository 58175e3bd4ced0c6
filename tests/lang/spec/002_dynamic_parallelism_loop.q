% spec: 002 "Dynamic parallelism" (CUDA support guide, 2015 edition)
% repaired: nothing (the extra spaces in `y[m,: , c]` and `numel(row) - 1.. - 1..0` are kept as extracted)
% run: parse
% note: differs from 000 by the old-style end keyword `end`.
for m=0..size(y,0)-1
  for c=0..size(y,2)-1
    row = y[m,: , c]
    y[m,: , c] = row[numel(row) - 1.. - 1..0]
  end
end
