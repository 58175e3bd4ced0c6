% run: dump
% pins: a parameter typed with a modifier only: y : 'unchecked
function [] = __kernel__ filter_kernel(x, y : 'unchecked, mask, dir, pos)
    y[pos] = x[pos]
endfunction
% expect: function __kernel__ filter_kernel () (x y:'unchecked mask dir pos)
% expect:   (= (index y pos) (index x pos))
