% run: dump
% pins: for over a matrix literal, a computed vector, and a variable
for powerOfTwo = [1, 2, 4, 8, 16]
    print powerOfTwo
endfor
for p = 2.^(1..7)
    print p
endfor
for v = vs
    print v
endfor
% expect: for powerOfTwo [1 2 4 8 16]
% expect:   (print powerOfTwo)
% expect: for p (.^ 2 (.. 1 7))
% expect:   (print p)
% expect: for v vs
% expect:   (print v)
