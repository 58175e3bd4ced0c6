% arrays.q - whole-array Quasar on the host: an image-sized array, a 3x3 box filter written
% with shifted slices, statistics, a mask assignment and a class.
%
%   build/qpipe exec samples/arrays.q
%   build/qpipe exec --seed 7 samples/arrays.q     another noise pattern, reproducibly

import "system.q"

% A 64x64 test image: a bright square on a dark background, plus noise.
im = zeros(64, 64)
im[16..47, 16..47] = 200
noisy = im + 20 * randn(64, 64)

% 3x3 box filter of the interior, as the sum of nine shifted views.
box = zeros(64, 64)
for dy = -1..1
    for dx = -1..1
        box[1..62, 1..62] += noisy[(1..62) + dy, (1..62) + dx] / 9
    endfor
endfor

% Noise inside the flat square: the box filter divides its standard deviation by about 3.
function r = rmse(a, b)
    r = sqrt(mean((a - b) .^ 2))
endfunction

sq = 20..43
print "noise rmse in the square: ", rmse(noisy[sq, sq], im[sq, sq]), " before, ", _
      rmse(box[sq, sq], im[sq, sq]), " after the box filter"

% Clip to the 8-bit range with the conditional assignment of spec 001.
box[box < 0] = 0
box[box > 255] = 255
print "range after clipping: ", min(box), " .. ", max(box)

type stats : class
    mean : scalar
    std : scalar
endtype
s = stats(mean := mean(box[sq, sq]), std := std(box[sq, sq]))
print "inside the square: ", s
print "is a matrix: ", ismatrix(box), ", size ", size(box)
