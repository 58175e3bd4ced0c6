% A small vector local to a kernel, given to a device function that writes its elements:
% the writes reach the caller, as for every array (the interpreter passes it by reference).
% Compiled kernels used to pass the vector's value, so the callee's writes were lost
% (y was [[0,0,0],[1,1,1]]). By hand: v = [pos[0], 0, ..., 0], then + 10 and + 5 in every
% element, so y = v[0] + v[7] = pos[0] + 30 (the untyped and the declared parameter alike); a
% vector expression (not a local) passed to the same function is a copy, the caller's
% vector unchanged: w[0] + w[7] = 2.
function [] = __device__ bump(v, k)
    for i = 0..7
        v[i] = v[i] + k
    endfor
endfunction

function [] = __device__ bump_typed(v : vec, k : int)
    for i = 0..7
        v[i] = v[i] + k
    endfor
endfunction

function [] = __kernel__ kern(y : mat, z : mat, pos : ivec2)
    v = zeros(8)
    v[0] = pos[0]
    bump(v, 10)
    bump_typed(v, 5)
    y[pos] = v[0] + v[7]
    w = ones(8)
    bump(w + 0, 100)
    z[pos] = w[0] + w[7]
endfunction

y = zeros(2, 3)
z = zeros(2, 3)
parallel_do(size(y), y, z, kern)
print y
print z
% expect: [[30,30,30],[31,31,31]]
% expect: [[2,2,2],[2,2,2]]
