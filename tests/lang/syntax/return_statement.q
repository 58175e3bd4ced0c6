% run: dump
% pins: return inside a function
function y = f(x)
    y = 0
    if x < 0
        return
    endif
    y = x
endfunction
% expect: function f (y) (x)
% expect:   (= y 0)
% expect:   if (< x 0)
% expect:     return
% expect:   (= y x)
