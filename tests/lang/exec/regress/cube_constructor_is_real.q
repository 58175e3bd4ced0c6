% cube(m,n,p) makes a real cube (a name starting with c is not a complex type).
print type(cube(2,2,2)), " ", type(ccube(2,2,2)), " ", type(cvec(2)), " ", type(vec(2))
% expect: cube ccube cvec vec
