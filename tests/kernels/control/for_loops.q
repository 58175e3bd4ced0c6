% for loops in a kernel with a thread-dependent range, a step and a negative step.
function [] = __kernel__ k(y : mat, pos : int)
    s = 0
    for i = 0..pos
        s += i
    endfor
    t = 0
    for i = 1..2..2 * pos + 1
        t += i
    endfor
    u = 0
    for i = pos..-1..0
        u = u * 10 + i
    endfor
    y[pos, :] = [s, t, u]
endfunction
y = zeros(4, 3)
parallel_do(4, y, k)
print y
% expect: [[0,1,0],[1,4,10],[3,9,210],[6,16,3210]]
