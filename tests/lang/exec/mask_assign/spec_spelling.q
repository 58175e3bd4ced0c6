% The spec's spelling A<-0.1 compares (it is not an atomic exchange).
A = [-0.5, 0, 0.05, 0.2]
A[A<-0.1 || A>0.1] = 5
print A
% expect: [5,0,0.05,5]
