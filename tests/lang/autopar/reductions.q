% Accumulations into scalars become parallel reductions (spec 001 "Parallel reduction
% patterns"): one partial per grid position, combined in grid order. The values are exact
% (integers in reals, NumPy: sum -3, 1755 positives, max 6, min -3), so the order does not
% matter; an int accumulator with int increments stays an int beyond 32 bits.
% options: -v
x = zeros(64, 64)
for m = 0..63
    for n = 0..63
        x[m, n] = mod(m * 64 + n, 7) - 3
    endfor
endfor
total = 0
cnt = 0
mx = -100
mn = 100.0
for m = 0..63
    for n = 0..63
        total += x[m, n]
        cnt += int(x[m, n] > 0)
        mx = max(mx, 2 * x[m, n])
        mn __= x[m, n]
    endfor
endfor
print total, " ", cnt, " ", mx, " ", mn
d = 10
for m = 0..63
    for n = 0..63
        d -= x[m, n]
    endfor
endfor
print d
w = ones(2000)
w[5] = 2
w[17] = 2
w[100] = 0.5
p = 1.0
for i = 0..1999
    p *= w[i]
endfor
print p
isum = 0
for i = 0..4999
    isum = isum + i * i
endfor
print isum, " ", i
c2 = 0
r2 = 0
for m = 0..63
    for n = 0..63
        v = int(x[m, n] > 0)
        c2 += v
        u = x[m, n] * 0.5
        r2 += u
    endfor
endfor
print c2, " ", r2
ok = 1
any = 0
for m = 0..63
    for n = 0..63
        ok = ok && x[m, n] == mod(m * 64 + n, 7) - 3
        any = any || x[m, n] > 2
    endfor
endfor
print ok, " ", any
% expect note: line 7: loop parallelized
% expect note: line 16: loop parallelized: kernel 'opt__for_reductions_L16_C1' over 64 x 64
% expect note: line 26: loop parallelized
% expect note: line 37: loop parallelized
% expect note: line 42: loop parallelized: kernel 'opt__for_reductions_L42_C1' over 5000
% expect: -3 1755 6 -3
% expect: 13
% expect: 2
% expect: 41654167500 4999
% increments through locals: v is an int (c2 stays an int), u a real
% expect note: line 48: loop parallelized
% expect: 1755 -1.5
% && and || accumulate too (tests/io/png_variants.q's check loop)
% expect note: line 59: loop parallelized
% expect: 1 1
