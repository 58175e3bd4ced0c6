% A failing assert in a kernel nested in a host function names the nested kernel; output before it is kept.
function y = run(x)
    y = zeros(size(x))
    function [] = __kernel__ inner(pos : int)
        assert(x[pos] != 3)
        y[pos] = x[pos]
    endfunction
    parallel_do(numel(x), inner)
endfunction
print run([1, 2])
print run([1, 3])
% expect: [1,2]
% expect error: line 5: (parallel_do) inner - assertion failed
