% spec: 001 "Boundary access modes in Quasar" (language notes)
% repaired: nothing
% run: parse
% example: code using circular access
A : mat'circular = imread("lena_big.tif")[:,:,1]
B = zeros(size(A))
B[-127..128,-127..128] = A[-127..128,-127..128]
