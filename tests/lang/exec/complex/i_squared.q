% 1j * 1j is -1.
z = 1j * 1j
print z
print real(z)
% expect: -1+0j
% expect: -1
