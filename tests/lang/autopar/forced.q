% {!parallel for} parallelizes a loop the analysis cannot prove safe, with a warning that
% names the dependency (spec 004 §2.3: "the loop will be parallelized despite the
% warnings"); here the writes go through a permutation, so they never collide.
% {!serial for} (and #pragma force_serial, spec 001) keep a provable loop serial.
% options: -v
x = zeros(3000)
perm = zeros(3000)
for i = 0..2999
    x[i] = i * 2
    perm[i] = mod(i * 7, 3000)
endfor
y = zeros(3000)
{!parallel for}
for i = 0..2999
    y[perm[i]] = x[i]
endfor
print y[7], " ", y[14], " ", y[1]
z = zeros(3000)
{!serial for}
for i = 0..2999
    z[i] = x[i] + 1
endfor
#pragma force_serial
for i = 0..2999
    z[i] = z[i] + 1
endfor
print z[2999]
% expect note: line 8: loop parallelized
% expect warning: line 14: {!parallel for}: parallelized although data-dependent write: 'y' is written at y[perm[i]]
% expect note: line 14: loop parallelized: kernel 'opt__for_forced_L14_C1' over 3000
% expect note: line 20: loop runs serially: marked serial
% expect note: line 24: loop runs serially: marked serial
% y[perm[i]] = 2i: i = 1 → y[7] = 2, i = 2 → y[14] = 4, perm[i] = 1 for i = 2143 (7 * 2143 = 15001)
% expect: 2 4 4286
% expect: 6000
