% imfilter with a vec mask (a 1 x N row) accepts its centre written [c, 0], as research
% code computes it: [(size(f, 0) - 1) / 2, (size(f, 1) - 1) / 2] with size(f, 0) the
% vector's length. Same result as the centre [0, c]; interior values by hand:
% row 2 is 10..14, (10*1 + 11*2 + 12*3 + 13*4 + 14*5) / 15 = 190 / 15.
import "imfilter.q"
x = reshape(0..24, 5, 5) * 1.0
f = [1, 2, 3, 4, 5] / 15
a = imfilter(x, f, [(size(f, 0) - 1) / 2, (size(f, 1) - 1) / 2], "mirror")
b = imfilter(x, f, [0, 2], "mirror")
print max(abs(a - b)), " ", abs(a[2, 2] - 190 / 15) < 1e-4, " ", abs(a[0, 2] - 40 / 15) < 1e-4
% expect: 0 1 1
