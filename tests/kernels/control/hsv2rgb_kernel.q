% The spec's hsv2rgb device function (match, frac, vector literals) applied per pixel by a kernel over a cube.
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
function [] = __kernel__ convert(x : cube, y : cube, pos : ivec2)
    y[pos[0], pos[1], 0..2] = hsv2rgb(x[pos[0], pos[1], 0..2])
endfunction
x = zeros(2, 3, 3)
x[0, 0, :] = [0, 1, 1]
x[0, 1, :] = [0.125, 1, 1]
x[0, 2, :] = [0.375, 0.5, 1]
x[1, 0, :] = [0.5, 1, 0.5]
x[1, 1, :] = [0.75, 0.5, 1]
x[1, 2, :] = [0.875, 1, 1]
y = zeros(size(x))
parallel_do(size(x, 0..1), x, y, convert)
print y[0, :, :]
print y[1, :, :]
% expect: [[255,0,0],[255,191.25,0],[127.5,255,159.375]]
% expect: [[0,127.5,127.5],[191.25,127.5,255],[255,0,191.25]]
