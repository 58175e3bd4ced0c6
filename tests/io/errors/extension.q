% an extension qpipe does not know, on reading and on writing.
try
  x = imread("tests/io/data/image.webp")
catch e
  print e
end
% expect: imread: 'tests/io/data/image.webp': unsupported image format (known: .png .tif .tiff .jpg .jpeg .ppm .pgm .pnm .bmp)
imwrite("/tmp/qpipe-test-io-err-extension.gif", [[1, 2]])
% expect error: line 8: imwrite: '/tmp/qpipe-test-io-err-extension.gif': unsupported image format
