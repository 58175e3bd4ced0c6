% A function prints as <function name>, a lambda as <lambda>.
function y = sq(x)
    y = x * x
endfunction
g = x -> x
print sq
print g
% expect: <function sq>
% expect: <lambda>
