% Writes that do not depend on every loop variable: row sums y[m] += x[m, n] collide
% across n but not across m, so the grid is the m loop only and n runs in the kernel.
% options: -v
x = zeros(2000, 8)
for m = 0..1999
    for n = 0..7
        x[m, n] = m + n
    endfor
endfor
y = zeros(2000)
for m = 0..1999
    for n = 0..7
        y[m] += x[m, n]
    endfor
endfor
print y[0], " ", y[1999]
% expect note: line 5: loop parallelized: kernel 'opt__for_grid_shrink_L5_C1' over 2000 x 8
% expect note: line 11: loop parallelized: kernel 'opt__for_grid_shrink_L11_C1' over 2000
% y[m] = 8m + 28
% expect: 28 16020
