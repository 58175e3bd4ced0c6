% Statement forms real programs use: a trailing `;` inside a parenthesised sequence, a typed
% field assignment, a statement ending in `,`, and named arguments written `name = value`
% next to `name := value` (an argument is never an assignment, so `f(a == b)` compares).
type Params : mutable class
    lambda : scalar
    iters : int
endtype

function y = step(x, tau = 0.25, lambda = 1.0)
    y = x * tau + lambda
endfunction

function [] = main()
    reset = () -> (count = 0;)
    print reset()
    p = Params()
    p.lambda : scalar = 1.5
    p.iters : int = 4
    print p.lambda, " ", p.iters
    n = 3,
    m = n + 1, k = m * 2
    print k
    print step(2, lambda = 10)
    print step(2, lambda := 10, tau = 0.5)
    a = 1
    print step(a == 1)
endfunction
% expect: 0
% expect: 1.5 4
% expect: 8
% expect: 10.5
% expect: 11
% expect: 1.25
