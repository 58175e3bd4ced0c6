% uninit allocates an array of the given size without initializing it.
a = uninit(4)
print size(a), " ", type(a)
b = uninit(2,3)
print size(b)
% expect: [4] vec
% expect: [2,3]
