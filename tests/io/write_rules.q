% imwrite rounds to nearest, halves away from zero, and saturates to the format's range;
% NaN becomes 0 (docs/media.md "Writing").
dir = "/tmp/qpipe-test-io-write-"

x = [[-3, 300, 2.5, 2.49, 3.5, 254.5, -0.4, 0.5, 1e9, -inf, inf, nan]]
imwrite(dir + "8.png", x)
print imread(dir + "8.png")[0,:,0]
% expect: [0,255,3,2,4,255,0,1,255,0,255,0]
imwrite(dir + "8.pgm", x)
print imread(dir + "8.pgm")[0,:,0]
% expect: [0,255,3,2,4,255,0,1,255,0,255,0]
imwrite(dir + "8.tif", x)
print imread(dir + "8.tif")[0,:,0]
% expect: [0,255,3,2,4,255,0,1,255,0,255,0]

y = [[-1, 70000, 65534.5, 1.5, 300.2, 65535]]
imwrite(dir + "16.png", y, 16)
print imread(dir + "16.png")[0,:,0]
% expect: [0,65535,65535,2,300,65535]
imwrite(dir + "16.tif", y, 16)
print imread(dir + "16.tif")[0,:,0]
% expect: [0,65535,65535,2,300,65535]

% float TIFF: no rounding, no saturation
imwrite(dir + "32.tif", [[-3, 300.25, 2.5, 1e6]], 32)
print imread(dir + "32.tif")[0,:,0]
% expect: [-3,300.25,2.5,1e+06]

% integer arrays: uint8 as is; int32 saturates
imwrite(dir + "u8.png", uint8([[0, 17, 255]]))
print imread(dir + "u8.png")[0,:,0]
% expect: [0,17,255]
imwrite(dir + "i32.png", int([[-5, 256, 128]]))
print imread(dir + "i32.png")[0,:,0]
% expect: [0,255,128]

% an existing file is replaced
imwrite(dir + "8.png", [[1, 2]])
print imread(dir + "8.png")
% expect: [[[1],[2]]]
