% An inner range that depends on the outer variable (a triangle): the grid is the outer
% loop only, the inner loop runs inside the kernel. {!parallel for} launches it although
% 64 iterations are fewer than QPIPE_AUTOPAR_MIN. sum = 64 * 65 / 2.
% options: -v
t = zeros(64, 64)
{!parallel for}
for r = 0..63
    for q = 0..r
        t[r, q] = q + 1
    endfor
endfor
print sum(t[:, 0]), " ", t[63, 63], " ", t[10, 11], " ", t[10, 10]
% expect note: line 7: loop parallelized: kernel 'opt__for_triangular_L7_C1' over 64
% expect: 64 64 0 11
