% run: dump
% pins: a for loop over a range with a negative step
for i = 10..-1..0
    print i
endfor
% expect: for i (.. 10 (neg 1) 0)
% expect:   (print i)
