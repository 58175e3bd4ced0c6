% Spec 000 "Running kernels on the GPU": filter_kernel applied as the document does, to an
% image read with imread (a colour image, cube(:,:,3)), with the direction [0,1]: pos has
% three coordinates and dir two, so pos + k .* dir extends dir with zeros (the channel).
% adapted: `numel(a)` (no such variable) is numel(mask); a 2x5x3 synthetic image instead
% of imread("image.png"); results printed times 9.
im = zeros(2, 5, 3)
for c = 0..2
    im[0, 2, c] = 9 * (c + 1)
    im[1, 0, c] = 9
endfor
im_out = zeros(size(im))

function [] = __kernel__ filter_kernel(x, y : 'unchecked, mask, dir, pos)
    offset = int(numel(mask)/2)
    total = 0.
    for k=0..numel(mask)-1
        total += x[pos + (k - offset).* dir] * mask[k]
    endfor
    y[pos] = total
endfunction

parallel_do(size(im),im,im_out,[1, 2, 3, 2, 1] / 9,[0,1],filter_kernel)
print round(im_out[:, :, 0] * 9)
print round(im_out[:, :, 2] * 9)
% expect: [[9,18,27,18,9],[27,18,9,0,0]]
% expect: [[27,54,81,54,27],[27,18,9,0,0]]
