% BMP (docs/media.md "BMP"): files made byte by byte by tests/io/make_images.py, values as
% FFmpeg's bmp decoder gives them (checked by hand when the files were made), then round trips.
d = "tests/io/data/"

% 24 bits, bottom-up rows padded to 4 bytes, and the same image top-down
x = imread(d + "rgb24.bmp")
print size(x), " ", x[0, :, :], " ", x[1, 2, :]
% expect: [2,3,3] [[0,1,2],[3,4,5],[6,7,8]] [66,67,68]
print sum(abs(imread(d + "topdown.bmp") - x))
% expect: 0

% palettes: colour (3 channels), gray (1 channel), 4 bits, 1 bit
print imread(d + "pal8.bmp")
% expect: [[[30,20,10],[50,100,200],[3,2,1]],[[3,2,1],[50,100,200],[30,20,10]]]
print imread(d + "gray8.bmp")
% expect: [[[0],[64],[200]],[[255],[128],[0]]]
print imread(d + "pal4.bmp")
% expect: [[[0,255,0],[1,239,16],[2,223,32],[15,15,240],[10,95,160]]]
m = imread(d + "mono.bmp")
print size(m), " ", m[0, :, 0], " ", m[1, :, 0]
% expect: [2,9,1] [0,255,0,255,0,255,0,255,0] [255,0,255,255,0,0,0,0,255]

% 16 bits (5-6-5 bit fields, 5-5-5 default), 32 bits with and without an alpha mask, RLE8
print imread(d + "rgb565.bmp")
% expect: [[[255,125,0],[132,130,255]]]
print imread(d + "rgb555.bmp")
% expect: [[[255,0,0],[0,255,255]]]
print imread(d + "argb32.bmp")
% expect: [[[3,2,1,128],[60,50,40,255]]]
print imread(d + "xrgb32.bmp")
% expect: [[[3,2,1],[60,50,40]]]
print imread(d + "rle8.bmp")
% expect: [[[3,2,1],[30,20,10],[50,100,200],[30,20,10]],[[50,100,200],[50,100,200],[50,100,200],[50,100,200]]]

% round trips: gray (8-bit palette), RGB (24 bits, odd width: padded rows), RGBA (32 bits)
dir = "/tmp/qpipe-test-io-bmp-"
g = mod(reshape(0..34, 5, 7) * 37, 256)
imwrite(dir + "gray.bmp", g)
y = imread(dir + "gray.bmp")
print size(y), " ", sum(abs(y[:, :, 0] - g))
% expect: [5,7,1] 0
c = mod(reshape(0..(5*7*3-1), 5, 7, 3) * 11, 256)
imwrite(dir + "rgb.bmp", c)
print sum(abs(imread(dir + "rgb.bmp") - c))
% expect: 0
a = mod(reshape(0..(2*3*4-1), 2, 3, 4) * 23, 256)
imwrite(dir + "rgba.bmp", a)
print sum(abs(imread(dir + "rgba.bmp") - a))
% expect: 0
