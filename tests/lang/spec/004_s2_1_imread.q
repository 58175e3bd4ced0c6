% spec: 004 §2.1 "Reading an input image" (reference manual excerpt)
% repaired: nothing
% run: parse
img_in = imread("lena_big.tif")
