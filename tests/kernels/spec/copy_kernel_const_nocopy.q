% Spec 000 "Modifiers 'const and 'nocopy": copy_kernel(x : vec'const, y : vec'nocopy, pos : int) copies x into y.
% adapted: `parallel_do(numel(x),x,y,kernel)` names copy_kernel; 2^10 elements instead of 2^16; x varies so the copy is visible.
function [] __kernel__ copy_kernel(x:vec'const,y:vec'nocopy,pos:int)
    y[pos] = x[pos]
endfunction
x = ones(2^10)
x[5] = 7
y = zeros(size(x))
parallel_do(numel(x),x,y,copy_kernel)
print sum(y), " ", y[5], " ", y[1023]
% expect: 1030 7 1
