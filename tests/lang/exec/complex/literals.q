% Imaginary literals (suffix j or i) and complex values print as re, signed im, j.
print 1+2j
print 3-1j
print 2j
print 1i
print 2.5j
print -1.5+0j
% expect: 1+2j
% expect: 3-1j
% expect: 0+2j
% expect: 0+1j
% expect: 0+2.5j
% expect: -1.5+0j
