% 'safe on a matrix parameter: reads outside in either dimension give 0; a 3x3 box sum with zero padding.
function [] = __kernel__ box(x : mat'safe, y : mat, pos : ivec2)
    s = 0.0
    for m = -1..1
        for n = -1..1
            s += x[pos[0] + m, pos[1] + n]
        endfor
    endfor
    y[pos] = s
endfunction
x = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
y = zeros(3, 3)
parallel_do(size(x), x, y, box)
print y
% expect: [[12,21,16],[27,45,33],[24,39,28]]
