% assert_late.q - an assertion failing in the second of three launches over one array
% (tests/gpu/run.sh): the host is one launch ahead of the GPU, so the failure is read
% after the third launch was issued; the error must be the CPU's, nothing printed after.
function [] = __kernel__ add(x : mat, c : scalar, pos : ivec2)
    x[pos] = x[pos] + c
endfunction
function [] = __kernel__ below(x : mat, limit : scalar, pos : ivec2)
    assert(x[pos] < limit)
endfunction
x = zeros(256, 256)
parallel_do(size(x), x, 1.0, add)
parallel_do(size(x), x, 0.5, below)
parallel_do(size(x), x, 1.0, add)
print "not reached"
print x[0, 0]
