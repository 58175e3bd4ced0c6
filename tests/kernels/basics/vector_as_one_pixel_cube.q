% A 1 x 1 x 3 frame whose buffer zeros(size(x)) made a vector (creation functions drop
% leading singletons, spec 001) is indexed by a kernel over cubes at its position:
% t[pos] with pos = [0, 0, c] is element c, not the gather of elements 0, 0 and c that a
% vector index means in host code. Reads, writes and compound writes.
function [] = __kernel__ scale(x : cube'clamped, t : cube, pos : ivec3)
    t[pos] = x[pos] * 2 + x[pos[0], pos[1] + 1, pos[2]]
endfunction
function [] = __kernel__ bump(t : cube, pos : ivec3)
    t[pos] += pos[2] + 1
endfunction
x = cube(1, 1, 3)       % a frame as imread gives it: a cube
x[0, 0, 0] = 10
x[0, 0, 1] = 20
x[0, 0, 2] = 30
t = zeros(size(x))
print size(x), " ", size(t)
parallel_do(size(x), x, t, scale)
print t
parallel_do([1, 1, 3], t, bump)
print t
% expect: [1,1,3] [3]
% expect: [30,60,90]
% expect: [31,62,93]

% host code keeps the gather: a vector indexed by a vector takes those elements
v = [5, 6, 7]
print v[[0, 0, 2]]
% expect: [5,5,7]
