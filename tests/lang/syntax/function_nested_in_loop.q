% run: dump
% pins: a function defined inside a loop body
for i = 0..2
    function y = scale(x)
        y = x * i
    endfunction
    print scale(1)
endfor
% expect: for i (.. 0 2)
% expect:   function scale (y) (x)
% expect:     (= y (* x i))
% expect:   (print (call scale 1))
