% spec: 001 "Multi-level breaks in sequential loops" (language notes)
% repaired: nothing (as written: "endif" closes the if, "end" closes the for loops)
% run: parse
% example: break leaves only the inner loop
% One file must use one end-keyword style; the first "end" after "endif" is expected to be
% reported (once per file). CAUTION: 004 §2.1 says the legacy endings were "if -> endif" and
% "end" for the other constructs, so this may be valid legacy code; then this expectation must go.
% (message text is a guess, to be aligned with the parser)
% expect error: line 17: mix
for m=0..511
    for n=0..511
        im_out[m,n] = 255-im[m,n]
        if m==128
            break
        endif
        a = 4
    end
end
