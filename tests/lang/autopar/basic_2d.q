% Automatic loop parallelization (spec 004 §2.3): a 2-D nest over size(...) writing each
% element once becomes a kernel over 48 x 64 (the -v note says so); the values are the
% serial loop's (hand computed), and the loop variables keep their last values.
% options: -v
x = zeros(48, 64)
k = 3
y = zeros(size(x))
for m = 0..size(x, 0) - 1
    for n = 0..size(x, 1) - 1
        x[m, n] = m * 100 + n
        y[m, n] = k * x[m, n] + 0.5
    endfor
endfor
print x[0, 0], " ", x[3, 5], " ", x[47, 63]
print y[3, 5], " ", y[47, 63]
print m, " ", n
s = 0
for m = 0..size(x, 0) - 1
    for n = 0..size(x, 1) - 1
        s = s + x[m, n]
    endfor
endfor
print s
% expect note: line 8: loop parallelized: kernel 'opt__for_basic_2d_L8_C1' over 48 x 64
% expect note: line 18: loop parallelized: kernel 'opt__for_basic_2d_L18_C1' over 48 x 64
% expect: 0 305 4763
% expect: 915.5 14289.5
% expect: 47 63
% The sum of m*100+n over the grid, 7315968 (NumPy), exact in single precision:
% expect: 7.31597e+06
