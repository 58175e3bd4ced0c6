% The spec's colortransform with an inner hsv2rgb and a match, called through a handle.
function y = colortransform (x : vec3, cname)
    function a = hsv2rgb (c)
        h = floor(c / 60)
        f = frac(c / 60)
        v = 255 * c
        p = v * (1 - c)
        q = v * (1 - f * c)
        t = v * (1 - (1 - f) * c)
        match h with
        | 0 -> a = [v, t, p]
        | 1 -> a = [q, v, p]
        | _ -> a = [v, p, q]
        endmatch
    endfunction
    if cname=="hsv2rgb"
        y = hsv2rgb(x[0])
    else
        error "the specified color transform ",cname, " is not supported!"
    endif
endfunction
my_func = colortransform
print my_func([1, 0.2, 0.3], "hsv2rgb")
% expect: [255,4.25,0]
