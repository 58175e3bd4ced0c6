% A forgotten 'endfor' is reported at the 'endfunction' that exposed it, naming the 'for'.
% run: parse
% expect error: line 8: expected 'endfor' (or 'end') to close 'for' from line 6, found 'endfunction'
function total = sum_to(n)
    total = 0
    for i = 1..n
        total = total + i
endfunction
