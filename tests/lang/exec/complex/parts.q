% real, imag, conj and abs of a complex scalar.
z = 3+4j
print real(z), " ", imag(z), " ", conj(z), " ", abs(z)
% expect: 3 4 3-4j 5
