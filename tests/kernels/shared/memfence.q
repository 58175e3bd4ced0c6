% memfence(grid | block | system) (spec 000 "Memory synchronization") in a compiled kernel: each
% thread publishes its value, fences, then counts itself in; the scope is a keyword, not a
% variable, so a variable named grid does not interfere. Kernel attributes are accepted.
grid = 7
function [] = __kernel__ publish(data : vec'unchecked, count : vec, pos : int)
    {!kernel_tiling dims=auto; mode="global"; target="gpu"}
    data[pos] = pos * pos
    memfence(grid)
    count[0] += 1
    memfence(block)
    count[1] += data[pos]
    memfence(system)
endfunction
data = zeros(100)
count = zeros(2)
parallel_do(100, data, count, publish)
print count[0], " ", count[1], " ", data[9], " ", grid
% expect: 100 328350 81 7
memfence(grid)
print "host fence"
% expect: host fence
