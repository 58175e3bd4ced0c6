% run: dump
% pins: vec/mat/cube, their complex forms, and cube{n} / cube{:}
a : vec
b : mat
c : cube
d : cvec
e : cmat
f : ccube
g : cube{4}
h : cube{:}
% expect: (: a vec)
% expect: (: b mat)
% expect: (: c cube)
% expect: (: d cvec)
% expect: (: e cmat)
% expect: (: f ccube)
% expect: (: g cube{4})
% expect: (: h cube{:})
