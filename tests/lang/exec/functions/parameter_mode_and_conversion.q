% A parameter's declared access mode applies inside the function, and a declared integer
% vector type converts a scalar vector argument (ivec2 given [1, 2]).
function r = edge(x : vec'clamped)
    r = x[5] + x[-1]
endfunction
function s = total(p : ivec2)
    s = p[0] + p[1]
    print type(p)
endfunction
print edge([1, 2, 3])
print total([1, 2])
% expect: 4
% expect: vec[int]
% expect: 3
