% Generic functions f[T](x : T) and f[T](x : vec[T]) accept any element type.
function y = first[T](x : vec[T])
    y = x[0]
endfunction
function y = twice[T](x : T)
    y = x + x
endfunction
print first([5,6])
print twice(2), " ", twice([1,2])
% expect: 5
% expect: 4 [2,4]
