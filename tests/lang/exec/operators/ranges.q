% a..b and a..step..b include both ends when reached; a negative step counts down.
print 0..4
print 0..2..7
print 5..-1..2
print 1..0
print 0..0.5..2
% expect: [0,1,2,3,4]
% expect: [0,2,4,6]
% expect: [5,4,3,2]
% expect: []
% expect: [0,0.5,1,1.5,2]
