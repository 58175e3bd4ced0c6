% a text file named .png: libpng's reason.
x = imread("tests/io/data/not_a_png.png")
% expect error: line 2: imread: 'tests/io/data/not_a_png.png' is not a PNG file (libpng: 
