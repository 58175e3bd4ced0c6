% Arrays go up to 16 dimensions (cube{16}); a 17th is an error.
x = zeros(2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2)
print ndims(x), " ", numel(x)
x[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1] = 7
print x[65535], " ", sum(x), " ", type(x)
print type(x, "cube{16}"), type(x, "cube{:}"), type(x, "cube{15}")
y = ones(2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2)
% expect: 16 65536
% expect: 7 7 cube{16}
% expect: 110
% expect error: line 7: at most 16 dimensions
