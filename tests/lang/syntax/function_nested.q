% run: dump
% pins: an inner function inside a function, with if/else and error in the outer body
function y = colortransform(x : vec3, cname)
    function a = hsv2rgb(c)
        h = floor(c / 60)
        if h == 0
            a = [v, t, p]
        else
            a = [v, p, q]
        endif
    endfunction
    if cname == "hsv2rgb"
        y = hsv2rgb(x)
    else
        error "the specified color transform ", cname, " is not supported!"
    endif
endfunction
% expect: function colortransform (y) (x:vec3 cname)
% expect:   function hsv2rgb (a) (c)
% expect:     (= h (call floor (/ c 60)))
% expect:     if (== h 0)
% expect:       (= a [v t p])
% expect:     else
% expect:       (= a [v p q])
% expect:   if (== cname "hsv2rgb")
% expect:     (= y (call hsv2rgb x))
% expect:   else
% expect:     (error "the specified color transform " cname " is not supported!")
