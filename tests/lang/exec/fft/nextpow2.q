% nextpow2(n) is MATLAB's: the smallest p with 2^p >= |n| (0 for 0); elementwise on arrays.
% Expected values are ceil(log2(|n|)) (numpy.ceil(numpy.log2(abs(n))), 0 for 0).
print nextpow2(0), " ", nextpow2(1), " ", nextpow2(2), " ", nextpow2(3)
print nextpow2(1000), " ", nextpow2(1024), " ", nextpow2(1025), " ", nextpow2(-5)
print nextpow2(0.5), " ", nextpow2(0.3), " ", nextpow2(1e6)
print type(nextpow2(1000))
print nextpow2([0, 1, 3, -5, 1025, 0.3])
print nextpow2([[1920, 1080], [7, 16]])
% expect: 0 0 1 2
% expect: 10 10 11 3
% expect: -1 -1 20
% expect: int
% expect: [0,0,2,3,11,-1]
% expect: [[11,11],[3,4]]
