% run: dump
% pins: the specific closing keywords endif/endfor/endwhile/endfunction/endtype/endmatch/endtry
function y = f(x)
    if x > 0
        y = x
    endif
    for i = 0..2
        y += i
    endfor
    while y > 10
        y -= 1
    endwhile
endfunction
type p : class
    a : int
endtype
try
    z = 3
catch
    z = 4
endtry
% expect: function f (y) (x)
% expect:   if (> x 0)
% expect:     (= y x)
% expect:   for i (.. 0 2)
% expect:     (+= y i)
% expect:   while (> y 10)
% expect:     (-= y 1)
% expect: type p : class
% expect:   a : int
% expect: try
% expect:   (= z 3)
% expect: catch
% expect:   (= z 4)
