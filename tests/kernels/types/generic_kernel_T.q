% A generic kernel k[T](x : vec[T], y : vec[T], ...) binds T per launch (int, uint8, scalar).
function [] = __kernel__ addone[T](x : vec[T], y : vec[T], pos : int)
    y[pos] = x[pos] + 1
endfunction
xi = int([5, 7])
yi = vec[int](2)
parallel_do(2, xi, yi, addone)
xu = uint8([254, 9])
yu = vec[uint8](2)
parallel_do(2, xu, yu, addone)
xs = [0.25, -1]
ys = zeros(2)
parallel_do(2, xs, ys, addone)
print yi, " ", yu, " ", ys, " ", type(yu)
% expect: [6,8] [255,10] [1.25,0] vec[uint8]
