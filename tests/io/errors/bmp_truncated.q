% a BMP cut inside its pixel data, and an array BMP cannot hold (16 bits).
try
  x = imread("tests/io/data/truncated.bmp")
catch e
  print e
end
% expect: imread: 'tests/io/data/truncated.bmp' is truncated or corrupt (pixel data)
imwrite("/tmp/qpipe-test-io-bmp16.bmp", ones(2, 2) * 300, 16)
% expect error: line 8: BMP holds 8 bits, not 16
