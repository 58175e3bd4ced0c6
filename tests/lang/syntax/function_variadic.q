% run: dump
% pins: a variadic parameter ...args : vec
function y = total(...args : vec)
    y = sum(args)
endfunction
t = total(1, 2, 3)
% expect: function total (y) (...args:vec)
% expect:   (= y (call sum args))
% expect: (= t (call total 1 2 3))
