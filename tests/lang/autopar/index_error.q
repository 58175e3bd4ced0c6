% An index out of range inside a parallel loop is still an error of the program at the
% line of the access (the host's default mode is 'checked, and the kernel keeps it).
x = zeros(40, 40)
y = zeros(40, 40)
for m = 0..39
    for n = 0..39
        y[m, n] = x[m, n + 1] * 2
    endfor
endfor
print "not reached"
% expect error: line 7: index out of range: x[
