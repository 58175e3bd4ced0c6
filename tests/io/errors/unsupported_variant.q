% variants qpipe does not read are named: a signed 16-bit TIFF, an ASCII PGM.
try
  x = imread("tests/io/data/signed16.tif")
catch e
  print e
end
% expect: imread: 'tests/io/data/signed16.tif': unsupported TIFF variant (sample type other than 8/16-bit unsigned or 32-bit float: 16 bits x 1 samples)
x = imread("tests/io/data/ascii.pgm")
% expect error: line 8: imread: 'tests/io/data/ascii.pgm': unsupported PNM variant (P2; binary P5 and P6 are read)
