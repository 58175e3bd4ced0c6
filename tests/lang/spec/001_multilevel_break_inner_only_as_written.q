% spec: 001 "Multi-level breaks in sequential loops" (language notes)
% repaired: nothing (as written: "endif" closes the if, "end" closes the for loops); the legacy style (endif for if, end for the rest) is valid
% run: parse
% example: break leaves only the inner loop
for m=0..511
    for n=0..511
        im_out[m,n] = 255-im[m,n]
        if m==128
            break
        endif
        a = 4
    end
end
