% Lambdas applied to vectors and matrices.
v = (x,y) -> 2*x+y
u = x -> 2*x
print u([1,2,3])
a = [[1,2],[2,1]]
print v(a,a)
% expect: [2,4,6]
% expect: [[3,6],[6,3]]
