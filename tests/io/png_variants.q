% PNG variants expanded on reading (docs/media.md "PNG"): palette -> RGB, palette with
% tRNS -> RGBA, 2-bit gray -> 8 bits, gray+alpha kept as two channels. The files are
% written byte by byte by tests/io/make_images.py.
p = imread("tests/io/data/palette.png")
print size(p)
% expect: [2,3,3]
print p
% expect: [[[255,0,0],[0,255,0],[0,0,255]],[[10,20,30],[0,0,255],[0,255,0]]]
t = imread("tests/io/data/palette_trns.png")
print t
% expect: [[[255,0,0,255],[0,255,0,128],[0,0,255,0]],[[10,20,30,255],[0,0,255,0],[0,255,0,128]]]
print imread("tests/io/data/gray2.png")
% expect: [[[0],[85],[170],[255]]]
ga = imread("tests/io/data/gray_alpha.png")
print size(ga), " ", ga
% expect: [1,3,2] [[[0,255],[100,50],[255,0]]]

% Adam7-interlaced 20x5 RGB: value ((y * 20 + x) * 3 + c) mod 256 in every pass
s = imread("tests/io/data/interlaced.png")
ok = 1
for y = 0..4
  for x = 0..19
    for c = 0..2
      ok = ok && s[y,x,c] == mod((y * 20 + x) * 3 + c, 256)
    end
  end
end
print size(s), " ", ok, " ", s[3,5,:]
% expect: [5,20,3] 1 [195,196,197]
