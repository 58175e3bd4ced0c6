% 'checked in a kernel: a write outside is an error too; only the thread at [1,2] writes outside.
function [] = __kernel__ kw(y : mat'checked, pos : ivec2)
    y[pos[0], pos[1] + pos[0] * pos[1]] = 1
endfunction
y = zeros(2, 3)
print "start"
parallel_do(size(y), y, kw)
print "not reached"
% expect: start
% expect error: line 3: (parallel_do) kw - index out of range: y[1,4]
