% Spec 000 "Device functions": hsv2rgb (vec3 parameter, int/frac, match over the six hue sectors, vector literals), from the host and from a kernel.
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

function [] = __kernel__ convert(hsv : mat, rgb : mat, pos : int)
    rgb[pos, 0..2] = hsv2rgb(hsv[pos, 0..2])
endfunction

print hsv2rgb([0.125, 0.5, 1])
hsv = [[0.125, 0.5, 1], [0.25, 1, 0.5], [0.375, 0.5, 0.5], [0.625, 1, 1], [0.75, 0.25, 1], [0.875, 0.5, 0.25], [1.0, 1, 1]]
rgb = zeros(7, 3)
parallel_do(size(hsv, 0), hsv, rgb, convert)
print rgb
% expect: [255,223.125,127.5]
% expect: [[255,223.125,127.5],[63.75,127.5,0],[63.75,127.5,79.6875],[0,63.75,255],[223.125,191.25,255],[63.75,31.875,55.7812],[255,0,255]]
