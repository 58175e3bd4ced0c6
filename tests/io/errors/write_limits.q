% what a format cannot hold: alpha in JPEG, 32-bit float in PNG, 5 channels, a vec.
try
  imwrite("/tmp/qpipe-test-io-err-limits.jpg", zeros(2, 2, 4))
catch e
  print e
end
% expect: imwrite: '/tmp/qpipe-test-io-err-limits.jpg': JPEG has no alpha channel (the array has 4 channels)
try
  imwrite("/tmp/qpipe-test-io-err-limits.png", zeros(2, 2), 32)
catch e
  print e
end
% expect: imwrite: '/tmp/qpipe-test-io-err-limits.png': 32-bit float needs a TIFF file; PNG holds 8 or 16 bits
try
  imwrite("/tmp/qpipe-test-io-err-limits.tif", zeros(2, 2, 5))
catch e
  print e
end
% expect: imwrite: '/tmp/qpipe-test-io-err-limits.tif': an image has 1 to 4 channels, not 5
try
  imwrite("/tmp/qpipe-test-io-err-limits.png", zeros(2, 2), 12)
catch e
  print e
end
% expect: imwrite: bits must be 8, 16 or 32, not 12
imwrite("/tmp/qpipe-test-io-err-limits.png", [1, 2, 3])
% expect error: line 26: imwrite: '/tmp/qpipe-test-io-err-limits.png': expected a 2-D (gray) or 3-D (H x W x C) array, not 1-D
