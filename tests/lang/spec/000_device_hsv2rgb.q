% spec: 000 "Device functions" (CUDA support guide)
% repaired: nothing
% run: exec
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
