% Spec 001 "Parallel reduction patterns", the JDV variant: `#pragma force_parallel` on a
% sum over a 512 x 512 image. It needs no forcing here (the accumulation is recognised),
% so no warning; the sum of mod(m + n, 4) over the grid is 393216 (NumPy), exact in
% single precision whatever the order.
% options: -v
im = zeros(512, 512)
for m = 0..511
    for n = 0..511
        im[m, n] = mod(m + n, 4)
    end
end
total = 0.0
#pragma force_parallel
for m=0..511
for n=0..511
total += im[m,n]
end
end
print total
% expect note: line 14: loop parallelized: kernel 'opt__for_jdv_reduction_L14_C1' over 512 x 512
% expect: 393216
