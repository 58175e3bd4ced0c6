% A 2-D launch over size(y) gives pos as an ivec2 (row, column); every element is visited once.
function [] = __kernel__ index_code(y : mat, pos : ivec2)
    y[pos] = pos[0] * 10 + pos[1]
endfunction
y = zeros(3, 4)
parallel_do(size(y), y, index_code)
print y
% expect: [[0,1,2,3],[10,11,12,13],[20,21,22,23]]
