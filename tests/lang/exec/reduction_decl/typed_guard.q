% A reduction with typed parameters applies only where the values have those types, checked
% at run time; elsewhere the expression runs as written.
function y = slow_norm(x)
    print "slow"
    y = sqrt(sum(x .^ 2))
endfunction

function y = fast_norm(x)
    print "fast"
    y = sqrt(sum(x .* x))
endfunction

reduction (x : vec) -> slow_norm(x) = fast_norm(x)

function [] = main()
    print slow_norm([3, 4])
    print slow_norm(5)
    m = [[6, 8], [5, 12]]
    for k = 0..1
        print slow_norm(m[k, :])
    endfor
endfunction
% expect: fast
% expect: 5
% expect: slow
% expect: 5
% expect: fast
% expect: 10
% expect: fast
% expect: 13
