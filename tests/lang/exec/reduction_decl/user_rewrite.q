% A reduction replaces every expression of its pattern's form (spec 001 "Matrix Conditional
% Assignment": "the reduction simply works on patterns"); parameters match any expression,
% other names must be the same name. half() prints, so the output shows what ran.
function y = half(x)
    print "half"
    y = x / 2
endfunction

function y = twice(x)
    y = x * 2
endfunction

reduction x -> twice(half(x)) = x

function [] = main()
    print twice(half(3))
    a = [1, 2]
    print twice(half(a + 1))
    print twice(3)
    f = v -> twice(half(v)) + 1
    print f(4)
endfunction
% expect: 3
% expect: [2,3]
% expect: 6
% expect: 5
