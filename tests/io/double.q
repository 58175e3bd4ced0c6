% options: --double
% With --double, imread gives double scalars: a float TIFF's values are the floats
% widened exactly, and gray luma keeps its digits (docs/media.md "Reading").
dir = "/tmp/qpipe-test-io-double-"
imwrite(dir + "f.tif", [[0.1, 1/3]], 32)
y = imread(dir + "f.tif")
printf("%.10f %.10f\n", y[0,0,0], y[0,1,0])
% expect: 0.1000000015 0.3333333433
x = cube(1, 1, 3)
x[0,0,:] = [201, 7, 3]
imwrite(dir + "c.png", x)
printf("%.10f\n", imread(dir + "c.png", "gray")[0,0,0])
% expect: 64.5500000000
print type(y), " ", size(y)
% expect: cube [1,2,1]
