% run: dump
% pins: a conditional nested in the middle operand of another
y = c ? d ? 1 : 2 : 3
z = A[c ? 1 : 2]
% expect: (= y (? c (? d 1 2) 3))
% expect: (= z (index A (? c 1 2)))
