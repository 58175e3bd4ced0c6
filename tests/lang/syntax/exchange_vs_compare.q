% run: dump
% pins: '<-' not followed by a blank or '(' is '<' then '-': A[A<-0.1 || A>0.1] compares
B = A[A<-0.1 || A>0.1]
c = x<-1
d = x < -1
% expect: (= B (index A (|| (< A (neg 0.1)) (> A 0.1))))
% expect: (= c (< x (neg 1)))
% expect: (= d (< x (neg 1)))
