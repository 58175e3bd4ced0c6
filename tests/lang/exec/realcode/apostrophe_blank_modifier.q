% Real programs write a blank after the type-modifier apostrophe: `cube' clamped`, also in
% kernel parameters followed by more parameters.
function y = corner(x : cube' clamped, r : int)
    y = x[-1, -1, 0] + r
endfunction

function [] = __kernel__ shift(y : mat, x : mat' clamped, r : int, pos : ivec2)
    y[pos] = x[pos[0] - r, pos[1]]
endfunction

function [] = main()
    x = reshape(0..7, [2, 2, 2])
    print corner(x, 10)
    a : mat' circular = [[1, 2, 3], [4, 5, 6]]
    print a[0, -1]
    m = [[1, 2], [3, 4], [5, 6]]
    y = zeros(size(m))
    parallel_do(size(y), y, m, 1, shift)
    print y
endfunction
% expect: 10
% expect: 3
% expect: [[1,2],[1,2],[3,4]]
