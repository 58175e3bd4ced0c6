% A function that copies its argument leaves the caller's array alone.
function y = bumped(x)
    y = copy(x)
    y[0] += 1
endfunction
v = [1,2]
w = bumped(v)
print v, " ", w
% expect: [1,2] [2,2]
