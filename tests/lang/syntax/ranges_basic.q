% run: dump
% pins: two- and three-part ranges a..b and a..step..b, also in indices
a = 0..9
b = 1..2..10
c = 1..n-1
s = A[0..size(A,0)-1, 0]
[dim_y, dim_x] = size(a, 0..1)
% expect: (= a (.. 0 9))
% expect: (= b (.. 1 2 10))
% expect: (= c (.. 1 (- n 1)))
% expect: (= s (index A (.. 0 (- (call size A 0) 1)) 0))
% expect: (= [dim_y dim_x] (call size a (.. 0 1)))
