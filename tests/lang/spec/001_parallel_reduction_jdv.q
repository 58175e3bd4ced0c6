% spec: 001 "Parallel reduction patterns" (language notes)
% repaired: nothing
% run: parse
% example: JDV variant
total = 0.0
#pragma force_parallel
for m=0..511
    for n=0..511
        total += im[m,n]
    end
end
