% an unknown mode of imread.
x = imread("tests/io/data/palette.png", "cmyk")
% expect error: line 2: imread: unknown mode 'cmyk' ("rgb" or "gray")
