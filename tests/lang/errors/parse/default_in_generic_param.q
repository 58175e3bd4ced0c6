% Generic parameters cannot have default values.
% run: parse
% expect error: line 4: a default value is not allowed here
function y = first[T = scalar](x : vec[T])
    y = x[0]
endfunction
