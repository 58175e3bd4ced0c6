% for over a range visits each value in order.
for i = 0..3
    print i
endfor
% expect: 0
% expect: 1
% expect: 2
% expect: 3
