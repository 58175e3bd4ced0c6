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

% What libtiff renders (TIFFReadRGBAImageOriented): 1-bit and 4-bit gray as 8-bit gray;
% YCbCr by BT.601 (R = Y + 1.402 (Cr - 128), B = Y + 1.772 (Cb - 128), G from the luma
% equation; values computed by hand); CMYK as (255 - K)(255 - C) / 255 … truncated.
print imread("tests/io/data/bilevel.tif")[:, :, 0]
% expect: [[255,0,255,0,255,255,0,0,0,0],[255,255,255,255,255,255,255,255,255,0]]
print imread("tests/io/data/gray4.tif")
% expect: [[[0],[85],[170],[255]]]
print imread("tests/io/data/ycbcr.tif")
% expect: [[[16,16,16],[235,235,235],[238,14,14]],[[13,238,14],[16,15,239],[173,115,78]]]
print imread("tests/io/data/cmyk.tif")
% expect: [[[255,255,255],[0,122,153]]]

% The Orientation tag turns the picture upright (io/orient.c): 6 is 90 degrees clockwise,
% so the stored rows 1 2 3 / 4 5 6 are seen as the columns 4 5 6 / 1 2 3.
print imread("tests/io/data/oriented.tif")[:, :, 0]
% expect: [[4,1],[5,2],[6,3]]
