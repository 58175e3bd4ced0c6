% spec: 002 "Constant memory" (CUDA support guide, 2015 edition)
% repaired: nothing
% run: parse
% note: differs from 000 by the old-style end keyword `end`.
function [] = __kernel__ kernel_hwconst(x : vec, y : vec, f : vec'hwconst, pos : int)
    sum = 0.0
    for i=0..numel(f)-1
        sum += x[pos+i] * f[i]
    end
    y[pos] = sum
end
