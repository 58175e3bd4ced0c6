% true and false are the ints 1 and 0.
print true, false
print true + true
print type(true)
% expect: 10
% expect: 2
% expect: int
