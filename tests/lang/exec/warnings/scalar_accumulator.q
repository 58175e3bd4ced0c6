% a = 0.0 declares a scalar: no conversion and no warning.
x = [1.5, 2.5, 3.5]
a = 0.0
for n = 0..2
    a += x[n]
endfor
print a
% expect: 7.5
