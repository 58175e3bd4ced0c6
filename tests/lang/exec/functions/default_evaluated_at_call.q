% A default is evaluated at each call: a fresh zeros(2) every time.
function y = h(a, v = zeros(2))
    v[0] += a
    y = v
endfunction
print h(1)
print h(2)
% expect: [1,0]
% expect: [2,0]
