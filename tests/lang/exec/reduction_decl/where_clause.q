% The `where` clause is a condition on the matched values: the replacement is used only
% where it holds. A parameter used twice in the pattern matches the same expression twice.
function y = clip(x, lo)
    print "clip"
    y = x < lo ? lo : x
endfunction

reduction (x : scalar, lo : scalar) -> clip(x, lo) = x where x >= lo
reduction x -> x - x = 0

function [] = main()
    print clip(5.0, 1.0)
    print clip(0.5, 1.0)
    a = 3
    b = 4
    print (a + 1) - (a + 1), " ", a - b
endfunction
% expect: 5
% expect: clip
% expect: 1
% expect: 0 -1
