% A __device__ function (the CUDA guide's hsv2rgb) called from host code.
function y = __device__ hsv2rgb (c : vec3)
    h = int(c[0] * 6.0)
    f = frac(c[0] * 6.0)
    v = 255.0 * c[2]
    p = v * (1 - c[1])
    q = v * (1 - f * c[1])
    t = v * (1 - (1 - f) * c[1])
    match h with
    | 0 -> y = [v, t, p]
    | 1 -> y = [q, v, p]
    | 2 -> y = [p, v, t]
    | 3 -> y = [p, q, v]
    | 4 -> y = [t, p, v]
    | _ -> y = [v, p, q]
    endmatch
endfunction
print hsv2rgb([0, 1, 1])
print hsv2rgb([0.5, 1, 1])
print hsv2rgb([0, 0, 1])
% expect: [255,0,0]
% expect: [0,255,255]
% expect: [255,255,255]
