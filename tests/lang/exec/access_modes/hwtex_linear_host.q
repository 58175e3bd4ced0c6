% 'hwtex_linear reads at real positions interpolate on the host too (spec 000 "Texture
% memory"): bilinear in 2-D, per component with (n), trilinear in 3-D; position i is
% sample i. Values by hand: x[0.5, 0.5] of [[0, 1], [2, 3]] is (0 + 1 + 2 + 3) / 4.
x : mat'hwtex_linear = [[0, 1], [2, 3]]
print x[0.5, 0.5]
print x[0.25, 1]            % 0.75 * 1 + 0.25 * 3
print x[1, 0.5]             % integer rows read exactly: (2 + 3) / 2
print x[1, 1]               % integer positions are plain reads
% the texture's access mode extends it: clamped repeats the edge
y : mat'hwtex_linear'clamped = [[0, 1], [2, 3]]
print y[1.5, 0.5]
% 'safe gives 0 outside: the last half-sample blends with 0
v : vec'hwtex_linear'safe = [2, 4, 6]
print v[2.5]
% two components in the last dimension, interpolated each: c[i, j, k] = 4i + 2j + k
c : cube'hwtex_linear(2) = reshape(0..7, [2, 2, 2])
print c[0.5, 0.25, 0..1]
% trilinear: 4a + 2b + c
d : cube'hwtex_linear = reshape(0..7, [2, 2, 2])
print d[0.5, 0.5, 0.25]
% nearest sample, halves round up
n : vec'hwtex_nearest = [10, 20, 30]
print n[0.4], " ", n[0.5], " ", n[1.6]
% the default host mode is 'checked: a neighbour outside with a weight is an error
print x[1.5, 0]
% expect: 1.5
% expect: 1.5
% expect: 2.5
% expect: 3
% expect: 2.5
% expect: 3
% expect: [2.5,3.5]
% expect: 3.25
% expect: 10 20 30
% expect error: line 25: index out of range: x[2,0] with size(x) = [2,2]
