% PPM/PGM round trips (docs/media.md "PPM/PGM"): P6 and P5 with maxval 255 and 65535,
% values checked; a gray array written as .ppm becomes three equal channels.
dir = "/tmp/qpipe-test-io-ppm-"

x = mod(reshape(0..(3*4*3-1), 3, 4, 3) * 29, 256)
imwrite(dir + "rgb.ppm", x)
y = imread(dir + "rgb.ppm")
print size(y), " ", sum(abs(y - x)), " ", y[2,3,2]
% expect: [3,4,3] 0 247

g = reshape(0..5, 2, 3) * 51
imwrite(dir + "gray.pgm", g)
print imread(dir + "gray.pgm")
% expect: [[[0],[51],[102]],[[153],[204],[255]]]
imwrite(dir + "gray.ppm", g)
print imread(dir + "gray.ppm")[1,2,:]
% expect: [255,255,255]

% 16 bits: maxval 65535, two bytes per sample
w = [[1, 258, 65535], [40000, 0, 4660]]
imwrite(dir + "gray16.pgm", w, 16)
print imread(dir + "gray16.pgm")
% expect: [[[1],[258],[65535]],[[40000],[0],[4660]]]
imwrite(dir + "rgb16.pnm", x * 250 + 7, 16)
z = imread(dir + "rgb16.pnm")
print sum(abs(z - (x * 250 + 7))), " ", z[0,1,0]
% expect: 0 21757

% files made outside qpipe (tests/io/make_images.py): values as stored, 0..maxval
print imread("tests/io/data/maxval.pgm")
% expect: [[[0],[999],[1000]]]
print imread("tests/io/data/small.ppm")
% expect: [[[0,7,15],[1,2,3]]]
