% Ranges are vecs: a..b, a..step..b.
a = 0..4
print a, " ", type(a)
print 1..2..10
print 10..-3..0
% expect: [0,1,2,3,4] vec
% expect: [1,3,5,7,9]
% expect: [10,7,4,1]
