% The mean of 10^5 uniform values is close to 0.5.
m = mean(rand(100000))
print abs(m - 0.5) < 0.01
% expect: 1
