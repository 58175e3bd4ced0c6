% cell(n) is a vec[??], cell(m, n) a mat[??].
print type(cell(3))
print type(cell(2,2))
print type(cell(3), "vec[??]")
% expect: vec[??]
% expect: mat[??]
% expect: 1
