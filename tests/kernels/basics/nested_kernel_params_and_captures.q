% A nested kernel mixes its own parameters with captured variables of the enclosing function.
function z = combine(x, w)
    z = zeros(size(x))
    function [] = __kernel__ kernel(x : mat, z : mat, pos : ivec2)
        z[pos] = x[pos] * w[pos[1]]
    endfunction
    parallel_do(size(x), x, z, kernel)
endfunction
print combine([[1, 2, 3], [4, 5, 6]], [10, 100, 1000])
% expect: [[10,200,3000],[40,500,6000]]
