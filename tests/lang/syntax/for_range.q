% run: dump
% pins: for over ranges, with break and continue in the body
for a = 0..2..4
    break
    continue
endfor
for i = 1..2..100
    j = i + 1
    print i, " ", j
endfor
% expect: for a (.. 0 2 4)
% expect:   break
% expect:   continue
% expect: for i (.. 1 2 100)
% expect:   (= j (+ i 1))
% expect:   (print i " " j)
