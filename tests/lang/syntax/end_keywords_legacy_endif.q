% run: dump
% pins: 'endif' is also valid in a file that closes other blocks with 'end'
for i = 0..3
    if i == 2
        x = i
    endif
end
function y = g(x)
    if x
        y = 1
    endif
end
% expect: for i (.. 0 3)
% expect:   if (== i 2)
% expect:     (= x i)
% expect: function g (y) (x)
% expect:   if x
% expect:     (= y 1)
