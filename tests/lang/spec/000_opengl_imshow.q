% spec: 000 "OpenGL interoperability" (CUDA support guide)
% repaired: nothing
% run: parse
im = imread("image.png")
imshow(im)
