% `reduction` declarations are applied to the tree before the parallelizer looks at it
% (lang/pass_reduction.c), so a loop whose body only prints through a call that the
% reduction removes is parallel: twice(half(v)) is v, and half() never runs.
% options: -v
function y = half(v)
    print "half"
    y = v / 2
endfunction

function y = twice(v)
    y = v * 2
endfunction

reduction v -> twice(half(v)) = v

x = zeros(3000)
y = zeros(3000)
for i = 0..2999
    x[i] = i
endfor
for i = 0..2999
    y[i] = twice(half(x[i])) + 1
endfor
print y[0], " ", y[2999]
% expect note: line 18: loop parallelized
% expect note: line 21: loop parallelized: kernel 'opt__for_reduction_decl_L21_C1' over 3000
% expect: 1 3000
