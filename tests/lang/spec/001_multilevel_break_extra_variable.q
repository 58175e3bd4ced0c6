% spec: 001 "Multi-level breaks in sequential loops" (language notes)
% repaired: the "endif" written "end", so that the file uses one end-keyword style (the as-written version is errors/001_multilevel_break_extra_variable_mixed.q)
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
    end
end
