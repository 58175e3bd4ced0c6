% Annotated parameters accept values of their type (an int is a scalar, a vec is a mat).
function n = count(x : vec)
    n = numel(x)
endfunction
function y = half(x : scalar)
    y = x / 2
endfunction
function r = rows(x : mat)
    r = size(x, 0)
endfunction
print count([1,2,3]), " ", half(3), " ", rows([[1,2],[3,4],[5,6]]), " ", rows([1,2])
% expect: 3 1.5 3 2
