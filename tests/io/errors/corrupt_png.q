% a PNG whose compressed image data was changed after it was written: libpng's reason.
x = imread("tests/io/data/corrupt.png")
% expect error: line 2: imread: 'tests/io/data/corrupt.png' is truncated or corrupt (libpng: IDAT:
