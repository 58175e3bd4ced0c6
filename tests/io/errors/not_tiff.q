% a text file named .tif: libtiff's reason.
x = imread("tests/io/data/text.tif")
% expect error: line 2: imread: 'tests/io/data/text.tif' is not a TIFF file or is corrupt (libtiff: 
