% A kernel declared over cubes (pos : vec3) launched over a matrix's size: the matrix is a
% cube of one channel, pos[2] is 0 and x[pos + [0, 1, 0]] reads the right neighbour, as
% research code's separable filters do when given a gray image.
function [] = __kernel__ shift_x(x : cube'mirror, y : cube, pos : vec3)
    y[pos] = x[pos + [0, 1, 0]] + 10 * pos[2]
endfunction
function [] = __kernel__ count(n : vec, pos : ivec3)
    n[pos[2]] += 1
endfunction
x = reshape(0..11, 3, 4)
y = zeros(3, 4)
parallel_do(size(y), x, y, shift_x)
print y
% expect: [[1,2,3,3],[5,6,7,7],[9,10,11,11]]
n = zeros(2)
parallel_do([2, 5], n, count)
print n
% expect: [10,0]
