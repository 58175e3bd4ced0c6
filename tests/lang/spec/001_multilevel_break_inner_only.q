% spec: 001 "Multi-level breaks in sequential loops" (language notes)
% repaired: the "endif" written "end", so that the file uses one end-keyword style (the as-written version is errors/001_multilevel_break_inner_only_mixed.q)
% run: parse
% example: break leaves only the inner loop
for m=0..511
    for n=0..511
        im_out[m,n] = 255-im[m,n]
        if m==128
            break
        end
        a = 4
    end
end
