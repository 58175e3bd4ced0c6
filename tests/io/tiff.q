% TIFF round trips (docs/media.md "TIFF"): 8-bit, 16-bit and 32-bit float with 1, 2, 3 and
% 4 channels, values checked; files made outside qpipe (tests/io/make_images.py): an
% uncompressed float gray TIFF and a big-endian 16-bit RGB TIFF.
dir = "/tmp/qpipe-test-io-tiff-"

for c = 1..4
  x = mod(reshape(0..(4*5*c-1), 4, 5, c) * 41, 256)
  f = sprintf("%s8-%d.tif", dir, c)
  imwrite(f, x)
  y = imread(f)
  print c, ": ", size(y), " ", sum(abs(y - x)), " ", y[3,4,c-1]
end
% expect: 1: [4,5,1] 0 11
% expect: 2: [4,5,2] 0 63
% expect: 3: [4,5,3] 0 115
% expect: 4: [4,5,4] 0 167

% 16 bits: values above 255 and with both bytes non-zero survive
for c = [1, 3, 4]
  x = mod(reshape(0..(3*2*c-1), 3, 2, c) * 4099 + 258, 65536)
  f = sprintf("%s16-%d.tif", dir, c)
  imwrite(f, x, 16)
  y = imread(f)
  print c, ": ", size(y), " ", sum(abs(y - x)), " ", y[2,1,c-1]
end
% expect: 1: [3,2,1] 0 20753
% expect: 3: [3,2,3] 0 4405
% expect: 4: [3,2,4] 0 28999

% 32-bit float: values kept as they are, negative and fractional ones included
for c = [1, 3, 4]
  x = (reshape(0..(2*3*c-1), 2, 3, c) - 4) / 8
  f = sprintf("%sf-%d.tif", dir, c)
  imwrite(f, x, 32)
  y = imread(f)
  print c, ": ", size(y), " ", sum(abs(y - x)), " ", y[0,0,0], " ", y[1,2,c-1]
end
% expect: 1: [2,3,1] 0 -0.5 0.125
% expect: 3: [2,3,3] 0 -0.5 1.625
% expect: 4: [2,3,4] 0 -0.5 2.375

% references written byte by byte
print imread("tests/io/data/float.tif") * 128
% expect: [[[-192],[32],[384]],[[128016],[0],[-1]]]
print imread("tests/io/data/rgb16.tif")
% expect: [[[1,258,65535],[40000,0,4660]]]
