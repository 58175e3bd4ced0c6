% Spec 000 "Running kernels on the GPU": filter_kernel with an untyped signature, the mask [1,2,3,2,1]/9 and a direction vector.
% adapted: `numel(a)` (no such variable) is numel(mask); a 3x6 synthetic image instead of imread; results printed times 9, rounded.
im = [[9, 0, 0, 9, 0, 0], [1, 2, 3, 4, 5, 6], [0, 0, 18, 0, 0, 0]]
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
print round(im_out * 9)
parallel_do(size(im),im,im_out,[1, 2, 3, 2, 1] / 9,[1,0],filter_kernel)
print round(im_out * 9)
% expect: [[27,27,27,27,18,9],[10,18,27,36,38,32],[18,36,54,36,18,0]]
% expect: [[29,4,24,35,10,12],[21,6,45,30,15,18],[11,4,60,17,10,12]]
