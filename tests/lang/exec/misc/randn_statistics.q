% randn has mean close to 0 and standard deviation close to 1.
x = randn(100000)
print abs(mean(x)) < 0.02
print abs(std(x) - 1) < 0.02
% expect: 1
% expect: 1
