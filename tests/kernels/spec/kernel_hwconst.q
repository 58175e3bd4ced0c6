% Spec 000 "Constant memory": kernel_hwconst with f : vec'hwconst, a local named `sum` accumulating x[pos+i] * f[i] ('safe past the end).
% adapted: a 6-element x and a 3-tap f; the launch, absent from the text, is added.
function [] = __kernel__ kernel_hwconst(x : vec, y : vec, f : vec'hwconst, pos : int)
    sum = 0.0
    for i=0..numel(f)-1
        sum += x[pos+i] * f[i]
    endfor
    y[pos] = sum
endfunction
x = [1, 2, 3, 4, 5, 6]
y = zeros(6)
parallel_do(numel(y), x, y, [1, 10, 100], kernel_hwconst)
print y
% expect: [321,432,543,654,65,6]
