% A cube[int16] in a kernel with 'mirror reads: negative values and the int16 element type are kept.
function [] = __kernel__ k(x : cube[int16]'mirror, y : cube[int16], pos : ivec3)
    y[pos] = x[pos + [0, 1, 0]] - x[pos]
endfunction
x = cube[int16](1, 3, 2)
x[0, :, :] = [[-300, 7], [1000, -7], [5, 0]]
y = cube[int16](size(x))
parallel_do(size(x), x, y, k)
print y, " ", type(y, "cube[int16]")
% expect: [[[1300,-14],[-995,7],[0,0]]] 1
