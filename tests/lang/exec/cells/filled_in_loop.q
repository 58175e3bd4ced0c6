% Filling a cell in a loop.
c = cell(3)
for i = 0..2
    c[i] = i * 10
endfor
print c
% expect: {0,10,20}
