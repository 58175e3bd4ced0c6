% spec: 002 "Running kernels on the GPU" (CUDA support guide, 2015 edition)
% repaired: nothing
% run: parse
% note: differs from 000 by the old-style end keyword `end`. `numel(a)` is as in the document.
im = imread("image.png")
im_out = zeros(size(im))

function [] = __kernel__ filter_kernel(x, y : 'unchecked, mask, dir, pos)
    offset = int(numel(mask)/2)
    total = 0.
    for k=0..numel(a)-1
        total += x[pos + (k - offset).* dir] * mask[k]
    end
    y[pos] = total
end

parallel_do(size(im),im,im_out,[1, 2, 3, 2, 1] / 9,[0,1],filter_kernel)
