% nextpow2(n) is Quasar's: the smallest power of two >= |n| (0 for 0), elementwise on
% arrays; research code pads images with it (img2 = uninit(nextpow2(size(img)))). It is
% not MATLAB's exponent. Expected values: 2 ** numpy.ceil(numpy.log2(abs(n))).
print nextpow2(0), " ", nextpow2(1), " ", nextpow2(2), " ", nextpow2(3)
print nextpow2(1000), " ", nextpow2(1024), " ", nextpow2(1025), " ", nextpow2(-5)
print nextpow2(0.5), " ", nextpow2(0.3), " ", nextpow2(1e6)
print type(nextpow2(1000))
print nextpow2([0, 1, 3, -5, 1025, 0.3])
print nextpow2([[1920, 1080], [7, 16]])
print size(uninit(nextpow2(size(zeros(401, 281)))))
% expect: 0 1 2 4
% expect: 1024 1024 2048 8
% expect: 0.5 0.5 1048576
% expect: int
% expect: [0,1,4,8,2048,0.5]
% expect: [[2048,2048],[8,16]]
% expect: [512,512]
