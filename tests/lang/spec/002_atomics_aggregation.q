% spec: 002 "Atomic operations" (CUDA support guide, 2015 edition)
% repaired: nothing
% run: parse
% note: differs from 000 by the old-style end keyword `end`.
x = imread("image.tif")
[sum1, sum2] = [0.0, 0.0]
for m=0..size(x,0)-1
    for n=0..size(x,1)-1
        sum1 += x[m,n]
        sum2 += x[m,n]^2
    end
end
