% run: dump
% pins: a lone ':' in an index selects everything
print A[:,0], A[0,:]
b = A[:]
c = A[:, :, 1]
d = A[0..1, :]
% expect: (print (index A : 0) (index A 0 :))
% expect: (= b (index A :))
% expect: (= c (index A : : 1))
% expect: (= d (index A (.. 0 1) :))
