% f[N]: explicit instantiation of a generic kernel or function (spec 000's
% gaussian_filter[2]); the instance is a function value that binds N when called, in
% compiled and interpreted kernels alike.
function [] = __kernel__ scale[N : int](y : vec, x : vec, pos : int)
    acc = 0.0
    for k = 0..N-1
        acc += x[pos]
    endfor
    y[pos] = acc
endfunction

function y = rep_n[N : int](x)
    y = zeros(N) + x
endfunction

function [] = main()
    x = [1.0, 2.0, 3.0]
    y = zeros(3)
    parallel_do(3, y, x, scale[4])
    print y
    k = scale[2]
    parallel_do(3, y, x, k)
    print y
    print rep_n[3](1.5)
    r = rep_n[2]
    print r(7)
endfunction
% expect: [4,8,12]
% expect: [2,4,6]
% expect: [1.5,1.5,1.5]
% expect: [7,7]
