% Complex elements of a vector print as re then signed im then j.
print([1+2j, 3-1j])
print([1j, 2])
% expect: [1+2j,3-1j]
% expect: [0+1j,2+0j]
