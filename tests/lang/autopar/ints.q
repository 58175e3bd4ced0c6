% Kernel ints have 32 bits, host ints 64: a product that could leave 32 bits over the
% loop's actual range keeps the loop serial (1999^3 = 7988005999 > 2^31); one that stays
% within runs in parallel; an int argument beyond 32 bits keeps the loop serial, and so
% does an int raised to a power that may be negative.
% options: -v
y = zeros(2000)
for i = 0..1999
    y[i] = i * i * i
endfor
z = zeros(2000)
for i = 0..1999
    z[i] = i * i + 3
endfor
big = 3000000000
w = zeros(2000)
for i = 0..1999
    w[i] = big + i
endfor
print y[1999], " ", z[1999], " ", w[1999] - big
v = zeros(2000)
for i = 0..1999
    v[i] = 2^(mod(i, 4) - 2)
endfor
print v[0], " ", v[3]
% expect note: line 7: loop runs serially: the int arithmetic '(i * i) * i' may exceed 32 bits
% expect note: line 11: loop parallelized
% expect note: line 16: loop runs serially: 'big' is an int beyond 32 bits
% an int to a negative int power is a real on the host (kernels would give 0)
% expect note: line 21: loop runs serially: '2 ^ (mod(i, 4) - 2)' raises an int to a negative int power
% 7988005999 in single precision is 7.98801e+09; 1999^2 + 3 = 3996004
% expect: 7.98801e+09 3.996e+06 2048
% expect: 0.25 2
