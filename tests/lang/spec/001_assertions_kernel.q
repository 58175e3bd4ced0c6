% spec: 001 "Assertions in kernel code" (language notes)
% repaired: nothing
% run: parse
function [] = __kernel__ kernel (pos : ivec3)
    b = 2
    assert(b==3)
end
