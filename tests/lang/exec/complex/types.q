% Complex scalars are cscalar; arrays with a complex element are cvec, cmat.
print type(1+2j)
print type([1j, 2])
print type(complex(zeros(2,2)))
print type(complex(zeros(2,2,2)))
% expect: cscalar
% expect: cvec
% expect: cmat
% expect: ccube
