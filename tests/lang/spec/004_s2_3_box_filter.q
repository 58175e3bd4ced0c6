% spec: 004 §2.3 "Automatic parallelization" (reference manual excerpt)
% repaired: "size(im,0)1" is "size(im,0)-1" (and for dimension 1); "N..N" is "-N..N"
% run: parse
% example: sequential box filter
im = imread("image_big.tif")
im_out = zeros(size(im))
N = 5
mask = ones(2*N+1,2*N+1)/(2*N+1)^2
for m=0..size(im,0)-1
    for n=0..size(im,1)-1
        a = [0.,0.,0.]
        for k=-N..N
            for l=-N..N
                a += mask[N+k,N+l] * im[m+k,n+l,0..2]
            endfor
        endfor
        im_out[m,n,0..2] = a
    endfor
endfor
