% a PNG cut after 60 bytes (tests/io/make_images.py): truncated, with libpng's reason.
x = imread("tests/io/data/truncated.png")
% expect error: line 2: imread: 'tests/io/data/truncated.png' is truncated or corrupt (libpng: unexpected end of file)
