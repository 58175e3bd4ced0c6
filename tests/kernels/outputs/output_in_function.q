% A nested kernel with an output inside a host function; the function returns parallel_do's result (a dot product).
function d = dot(a, b)
    function s : scalar = __kernel__ k(pos : int)
        s += a[pos] * b[pos]
    endfunction
    d = parallel_do(numel(a), k)
endfunction
print dot([1, 2, 3], [4, -5, 6])
print dot(ones(100), 1..100)
% expect: 12
% expect: 5050
