% A loop reading a cell array stays serial: the reason is known only when the loop runs (the
% value of c), so it is a warning at run time; the results are the serial loop's.
% The loop that builds the cell is host work: no warning.
c = cell(2000)
for i = 0..1999
    c[i] = i
endfor
y = zeros(2000)
for i = 0..1999
    y[i] = c[i] * 2
endfor
print y[1999]
% expect warning: line 9: loop not parallelized: 'c' is a cell array
% expect: 3998
