% run: dump
% pins: element types in brackets: vec[int8], cube[int], mat[cscalar], vec[??]
a : vec[int8]
b : cube[int]
c : mat[cscalar]
d : vec[??]
% expect: (: a vec[int8])
% expect: (: b cube[int])
% expect: (: c mat[cscalar])
% expect: (: d vec[??])
