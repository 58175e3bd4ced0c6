% spec: 000 "Constant memory" (CUDA support guide)
% repaired: code block split in two by the extraction (before `endfunction`) rejoined
% run: parse
function [] = __kernel__ kernel_hwconst(x : vec, y : vec, f : vec'hwconst, pos : int)
    sum = 0.0
    for i=0..numel(f)-1
        sum += x[pos+i] * f[i]
    endfor
    y[pos] = sum
endfunction
