% Nests over ranges with steps: a negative step (39..-1..0), a step of 2 (1..2..99), a
% start other than 0 (2..31) in a 3-deep nest with the channels innermost, and an
% affine write position 2*i + 1. Values by hand; loop variables keep their last values.
% options: -v
b = zeros(40, 100)
for i = 39..-1..0
    for j = 1..2..99
        b[i, j] = i * 1000 + j
    endfor
endfor
print b[39, 99], " ", b[0, 1], " ", b[5, 2], " ", b[7, 51]
print i, " ", j
c = zeros(30, 20, 3)
for m = 2..31
    for n = 0..19
        for ch = 0..2
            c[m - 2, n, ch] = m + 10 * n + 100 * ch
        endfor
    endfor
endfor
print c[0, 0, 0], " ", c[29, 19, 2], " ", c[4, 3, 1]
d = zeros(4001)
for q = 0..1999
    d[2 * q + 1] = q
endfor
print d[3999], " ", d[3997], " ", d[3998], " ", d[1]
% expect note: line 6: loop parallelized: kernel 'opt__for_steps_negative_L6_C1' over 40 x 50
% expect note: line 14: loop parallelized: kernel 'opt__for_steps_negative_L14_C1' over 30 x 20 x 3
% expect note: line 23: loop parallelized: kernel 'opt__for_steps_negative_L23_C1' over 2000
% expect: 39099 1 0 7051
% expect: 0 99
% expect: 2 421 136
% expect: 1999 1998 0 0
