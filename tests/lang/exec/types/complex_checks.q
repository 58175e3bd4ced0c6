% cvec, cmat: complex arrays are not real arrays.
print type([1j], "cvec"), type([1j], "vec"), type([1,2], "cvec")
print type(complex(zeros(2,2)), "cmat")
% expect: 100
% expect: 1
