% median: the middle value, or the mean of the two middle values.
A = [[1,2,3],[4,5,6]]
print median([3,1,2]), " ", median([4,1,3,2]), " ", median([5])
print median(A, 0)
print median(A, 1)
% expect: 2 2.5 5
% expect: [[2.5,3.5,4.5]]
% expect: [[2],[5]]
