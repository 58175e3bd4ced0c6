% imread(f, "rgb") and imread(f, "gray") (docs/media.md "Modes"): rgb repeats gray and
% drops alpha; gray is the BT.601 luma 0.299 R + 0.587 G + 0.114 B of colour images and
% drops alpha. Results stay H x W x C cubes (C = 3 or 1).
dir = "/tmp/qpipe-test-io-modes-"

% RGBA: red, green, blue, white, with alpha 10, 20, 30, 40
x = cube(1, 4, 4)
x[0,0,:] = [255, 0, 0, 10]
x[0,1,:] = [0, 255, 0, 20]
x[0,2,:] = [0, 0, 255, 30]
x[0,3,:] = [200, 100, 50, 40]
imwrite(dir + "rgba.png", x)
a = imread(dir + "rgba.png")
print size(a)
% expect: [1,4,4]
r = imread(dir + "rgba.png", "rgb")
print size(r), " ", r
% expect: [1,4,3] [[[255,0,0],[0,255,0],[0,0,255],[200,100,50]]]
g = imread(dir + "rgba.png", "gray")
print size(g), " ", g
% expect: [1,4,1] [[[76.245],[149.685],[29.07],[124.2]]]

% gray file: rgb repeats the channel; gray keeps it
imwrite(dir + "gray.png", [[7, 200]])
print imread(dir + "gray.png", "rgb")
% expect: [[[7,7,7],[200,200,200]]]
print imread(dir + "gray.png", "gray")
% expect: [[[7],[200]]]

% gray+alpha: both modes drop alpha
y = cube(1, 2, 2)
y[0,0,:] = [9, 100]
y[0,1,:] = [250, 0]
imwrite(dir + "ga.tif", y)
print imread(dir + "ga.tif", "rgb")
% expect: [[[9,9,9],[250,250,250]]]
print imread(dir + "ga.tif", "gray")
% expect: [[[9],[250]]]

% 16-bit colour to gray keeps the 16-bit range
imwrite(dir + "rgb16.png", x[:,:,0..2] * 256, 16)
print imread(dir + "rgb16.png", "gray")[0,0,0]
% expect: 19518.7
