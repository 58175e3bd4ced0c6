% Host variables named like a kernel's special parameters (pos, blkdim) are renamed in
% the kernel, whose own pos is the grid position. Values by hand.
% options: -v
x = zeros(40, 40)
blkdim = 7
for m = 0..39
    for n = 0..39
        pos = m * 40 + n
        x[m, n] = pos + blkdim
    endfor
endfor
print x[0, 0], " ", x[39, 39], " ", x[2, 3]
% expect note: line 6: loop parallelized
% expect: 7 1606 90
