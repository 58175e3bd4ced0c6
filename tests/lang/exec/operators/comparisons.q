% == != < <= > >= on scalars give 1 or 0.
print 1 == 1, 1 != 1, 2 < 3, 2 <= 2, 3 > 4, 3 >= 4
print 2.5 > 2
print 3 == 3.0
% expect: 101100
% expect: 1
% expect: 1
