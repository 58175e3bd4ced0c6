% spec: 001 "Multi-level breaks in sequential loops" (language notes)
% repaired: nothing (as written: "end" everywhere except one "endif")
% run: parse
% example: 1. Solution with extra variables
% One file must use one end-keyword style; the "endif" after the "end"s is expected to be
% reported. CAUTION: 004 §2.1 says the legacy endings were "if -> endif" and "end" for the
% other constructs, so this may be valid legacy code; then this expectation must go.
% (message text is a guess, to be aligned with the parser)
% expect error: line 21: mix
break_outer = false
for j = 0..size(V,0)-1
    for k=0..size(V,1)-1
        if V[j,k]
            found=[j,k]
            break_outer = true
            break
        end
    end
    if break_outer
        break
    endif
end
