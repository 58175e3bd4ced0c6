% spec: 001 "Type inference" (language notes)
% repaired: the inline snippets of the prose, one per line
% run: parse
% example: matrix creation functions
A = zeros([1,1,4])
B = zeros([2,3])
C = imread("data.tif")
