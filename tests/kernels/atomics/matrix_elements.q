% Atomic += on matrix and cube elements addressed by computed indices (a 2-D joint histogram of two label vectors).
function [] = __kernel__ k(u : vec[int], v : vec[int], h : mat, c : cube, pos : int)
    h[u[pos], v[pos]] += 1
    c[u[pos], v[pos], mod(pos, 2)] += pos
endfunction
u = int([0, 1, 1, 0, 1, 1, 0, 0])
v = int([1, 0, 0, 1, 2, 0, 2, 1])
h = zeros(2, 3)
c = zeros(2, 3, 2)
parallel_do(8, u, v, h, c, k)
print h
print c
% expect: [[0,3,1],[3,0,1]]
% expect: [[[0,0],[0,10],[6,0]],[[2,6],[0,0],[4,0]]]
