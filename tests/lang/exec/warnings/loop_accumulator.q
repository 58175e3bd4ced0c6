% The spec's implicit integer accumulator (004 §2.2.3): real programs count on a = 0
% summing reals exactly, so qpipe widens a to scalar instead of truncating x[n].
x = [1.5, 2.5, 3.5]
a = 0
for n = 0..2
    a += x[n]
endfor
print a
% expect: 7.5
