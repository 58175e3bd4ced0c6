% spec: 001 "Multi-level breaks in sequential loops" (language notes)
% repaired: nothing (as written: "end" everywhere except one "endif"); the legacy style (endif for if, end for the rest) is valid
% run: parse
% example: 1. Solution with extra variables
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
