% spec: 001 "Multi-level breaks in sequential loops" (language notes)
% repaired: nothing
% run: parse
% example: 3. New solution: labeling loops
outer_loop:
for j = 0..size(V,0)-1
    inner_loop:
    for k=0..size(V,1)-1
        if V[j,k]
            found=[j,k]
            break outer_loop
        end
    end
end
