% angle(z) is the argument of z.
print angle(1j)
print angle(-1+0j)
print angle(1+1j)
% expect: 1.5708
% expect: 3.14159
% expect: 0.785398
