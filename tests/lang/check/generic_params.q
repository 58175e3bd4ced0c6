% Generic parameters are names in the function, usable as values.
% run: check
function y = first[T](x : vec[T])
    y = cast(x[0], T)
endfunction
type box[T] : class
    value : T
endtype
print first([1, 2, 3])
