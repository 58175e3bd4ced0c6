% TIFF layouts and variants on reading (docs/media.md "What is read"), from files written
% byte by byte by tests/io/make_images.py: 16x16 tiles (edge tiles padded), separate
% planes in strips of 2 rows, MinIsWhite (inverted to 0 = black), a palette with a 16-bit
% colormap (expanded to 8-bit RGB).
ref = cube(5, 20, 3)
for y = 0..4
  for x = 0..19
    for c = 0..2
      ref[y,x,c] = mod((y * 20 + x) * 3 + c, 256)
    end
  end
end
a = imread("tests/io/data/tiled.tif")
print size(a), " ", sum(abs(a - ref)), " ", a[4,19,:]
% expect: [5,20,3] 0 [41,42,43]
b = imread("tests/io/data/planar.tif")
print size(b), " ", sum(abs(b - ref)), " ", b[2,17,:]
% expect: [5,20,3] 0 [171,172,173]
print imread("tests/io/data/miniswhite.tif")
% expect: [[[255],[200],[0]]]
print imread("tests/io/data/palette.tif")
% expect: [[[10,20,30],[255,0,0],[0,128,0]]]
