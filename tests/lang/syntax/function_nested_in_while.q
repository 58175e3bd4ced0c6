% run: dump
% pins: a function defined inside a while loop, nested two levels deep
while k < 3
    function y = outer(x)
        function z = inner(w)
            z = w + k
        endfunction
        y = inner(x)
    endfunction
    k += 1
endwhile
% expect: while (< k 3)
% expect:   function outer (y) (x)
% expect:     function inner (z) (w)
% expect:       (= z (+ w k))
% expect:     (= y (call inner x))
% expect:   (+= k 1)
