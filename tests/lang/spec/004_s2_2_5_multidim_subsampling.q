% spec: 004 §2.2.5 "Higher dimensional matrices" (reference manual excerpt)
% repaired: typographic apostrophe is "'"; "numel(y)1" is "numel(y)-1"
% run: exec
% expect warning: line 8: {!parallel for}: parallelized although data-dependent write
function y:'unchecked = multidim_subsampling(x : cube{:}, factor : int)
    y = uninit(int(size(x)/factor))
    {!parallel for}
    for i = 0..numel(y)-1
        p = ind2pos(size(y), i)
        y[p] = x[p*factor]
    endfor
endfunction
