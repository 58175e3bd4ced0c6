% lut3d_read reads a .cube table: N x N x N x 3 indexed [r, g, b, channel] (red fastest in
% the file), the domain as two vectors; errors name the file and line.
fid = fopen("/tmp/qpipe_test_lut3d_read.cube", "w")
fprintf(fid, "TITLE t\n# comment\nLUT_3D_SIZE 2\nDOMAIN_MAX 1 2 1\n")
for k = 0..7
    fprintf(fid, "%d %d %d\n", k, 10 + k, 20 + k)
endfor
fclose(fid)
[lut, lo, hi] = lut3d_read("/tmp/qpipe_test_lut3d_read.cube")
print size(lut)
% line k: r = k mod 2, g = floor(k / 2) mod 2, b = floor(k / 4)
print lut[1, 0, 0, :], " ", lut[0, 1, 0, 0], " ", lut[0, 0, 1, 2], " ", lut[1, 1, 1, 1]
print lo, " ", hi
fid = fopen("/tmp/qpipe_test_lut3d_read.cube", "w")
fprintf(fid, "LUT_3D_SIZE 2\n0 0 0\n1 x 1\n")
fclose(fid)
x = lut3d_read("/tmp/qpipe_test_lut3d_read.cube")
% expect: [2,2,2,3]
% expect: [1,11,21] 2 24 17
% expect: [0,0,0] [1,2,1]
% expect error: line 17: lut3d_read: '/tmp/qpipe_test_lut3d_read.cube' line 3: expected three numbers
