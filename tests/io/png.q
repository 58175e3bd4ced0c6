% PNG round trips (8-bit gray, gray+alpha, RGB, RGBA; 16-bit gray and RGBA bit-identical),
% values checked element by element (docs/media.md "PNG").
dir = "/tmp/qpipe-test-io-png-"

% 8-bit gray from a 2-D array: read back as H x W x 1 with the same values
g = reshape(0..11, 3, 4) * 23
imwrite(dir + "gray.png", g)
y = imread(dir + "gray.png")
print size(y), " ", type(y)
% expect: [3,4,1] cube
print sum(abs(y[:,:,0] - g))
% expect: 0
print y[2,3,0], " ", y[0,1,0]
% expect: 253 23

% gray+alpha, RGB and RGBA: values spread over 0..255
for c = 2..4
  x = mod(reshape(0..(5*7*c-1), 5, 7, c) * 37, 256)
  f = sprintf("%s%d.png", dir, c)
  imwrite(f, x)
  y = imread(f)
  print c, ": ", size(y), " ", sum(abs(y - x)), " ", y[4,6,c-1]
end
% expect: 2: [5,7,2] 0 249
% expect: 3: [5,7,3] 0 8
% expect: 4: [5,7,4] 0 23

% 16-bit: a file made outside qpipe (tests/io/make_images.py), read, written back, read
% again: every value identical, both bytes of each sample kept
a = imread("tests/io/data/gray16.png")
print a
% expect: [[[0],[1],[258]],[[40000],[65535],[4660]]]
imwrite(dir + "gray16.png", a, 16)
b = imread(dir + "gray16.png")
print b
% expect: [[[0],[1],[258]],[[40000],[65535],[4660]]]
a = imread("tests/io/data/rgba16.png")
print a
% expect: [[[1,2,3,65535],[65534,32768,256,0]]]
imwrite(dir + "rgba16.png", a, 16)
print imread(dir + "rgba16.png")
% expect: [[[1,2,3,65535],[65534,32768,256,0]]]

% a uint16 array is written as 16 bits without asking
u = uint16(reshape([1, 300, 65535, 1000], 2, 2))
imwrite(dir + "u16.png", u)
print imread(dir + "u16.png")
% expect: [[[1],[300]],[[65535],[1000]]]

% 16-bit values written to an 8-bit file saturate
imwrite(dir + "sat8.png", a)
print imread(dir + "sat8.png")
% expect: [[[1,2,3,255],[255,255,255,0]]]
