% Spec 004 §2.3's example: the box filter over an RGB image written as loops. The nest
% over pixels becomes a kernel; a = [0., 0., 0.] and the k, l loops are kernel locals and
% inner loops. Values: on a constant image of 2, the interior of the box average is 2 and
% the corner (top-left, zeros outside under 'safe... here 'clamped') is 2 as well.
% options: -v
function im_out = box(im : cube'clamped, N : int)
    im_out = zeros(size(im))
    mask = ones(2 * N + 1, 2 * N + 1) / (2 * N + 1)^2
    for m = 0..size(im, 0) - 1
        for n = 0..size(im, 1) - 1
            a = [0., 0., 0.]
            for k = -N..N
                for l = -N..N
                    a += mask[N + k, N + l] * im[m + k, n + l, 0..2]
                endfor
            endfor
            im_out[m, n, 0..2] = a
        endfor
    endfor
endfunction
im = zeros(40, 50, 3)
for m = 0..39
    for n = 0..49
        for ch = 0..2
            im[m, n, ch] = 2 + ch * (m == 20 && n == 25)
        endfor
    endfor
endfor
out = box(im, 1)
print out[0, 0, 0], " ", out[10, 10, 1], " ", out[20, 25, 2], " ", out[21, 24, 2], " ", out[22, 27, 2]
% expect note: line 9: loop parallelized: kernel 'opt__for_box_filter_L9_C5' over 40 x 50
% expect note: line 22: loop parallelized
% im[20,25,2] = 4, its 3x3 neighbours see (8*2 + 4)/9 = 2.22222; two pixels away, 2
% expect: 2 2 2.22222 2.22222 2
