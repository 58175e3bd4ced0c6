% Spec 001 "Assertions in kernel code": a failing assert stops parallel_do with "(parallel_do) NAME - assertion failed".
function [] = __kernel__ kernel (pos : ivec3)
    b = 2
    assert(b==3)
end
print "launch"
parallel_do([2, 2, 2], kernel)
print "not reached"
% expect: launch
% expect error: line 4: (parallel_do) kernel - assertion failed
