% for over a vector (non-uniform ranges), also a computed one.
for p = [1,2,4,8]
    print p
endfor
for p = 2.^(1..3)
    print p
endfor
% expect: 1
% expect: 2
% expect: 4
% expect: 8
% expect: 2
% expect: 4
% expect: 8
