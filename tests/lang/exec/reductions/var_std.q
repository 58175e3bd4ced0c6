% var and std normalise by N-1, as in MATLAB.
x = [2,4,4,4,5,5,7,9]
print var(x), " ", std(x)
print var([1,2,3,4]), " ", std([1,2,3,4])
print var([1,1,1])
% expect: 4.57143 2.13809
% expect: 1.66667 1.29099
% expect: 0
