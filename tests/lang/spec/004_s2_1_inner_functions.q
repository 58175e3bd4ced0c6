% spec: 004 §2.1 "Functions" (reference manual excerpt)
% repaired: lost minus signs "1 - c", "1 - f * c", "1 - (1 - f) * c"; "|" and "->" of the match cases restored
% run: exec
% example: inner functions
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
        | 2 -> a = [p, v, t]
        | 3 -> a = [p, q, v]
        | 4 -> a = [t, p, v]
        | _ -> a = [v, p, q]
        endmatch
    endfunction
    if cname=="hsv2rgb"
        y = hsv2rgb(x)
    else
        error "the specified color transform ",cname, " is not supported!"
    endif
endfunction
