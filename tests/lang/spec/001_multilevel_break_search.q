% spec: 001 "Multi-level breaks in sequential loops" (language notes)
% repaired: nothing
% run: parse
% example: sequential search
for j = 0..size(V,0)-1
    for k=0..size(V,1)-1
        if V[j,k]
            found=[j,k]
            break
        end
    end
end
