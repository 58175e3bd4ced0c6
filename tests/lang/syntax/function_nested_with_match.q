% run: dump
% pins: an inner function whose body holds a match (cases printed at the match's level, as elseif is for if)
function y = colortransform(x : vec3, cname)
    function a = hsv2rgb(c)
        h = floor(c / 60)
        match h with
        | 0 -> a = [v, t, p]
        | _ -> a = [v, p, q]
        endmatch
    endfunction
    y = hsv2rgb(x)
endfunction
% expect: function colortransform (y) (x:vec3 cname)
% expect:   function hsv2rgb (a) (c)
% expect:     (= h (call floor (/ c 60)))
% expect:     match h
% expect:       case 0
% expect:         (= a [v t p])
% expect:       case _
% expect:         (= a [v p q])
% expect:   (= y (call hsv2rgb x))
