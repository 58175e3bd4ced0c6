% Reductions of large arrays (run in parallel) give exact results for exact data.
print sum(ones(2000, 2000))
print max(reshape(0..9999, [100,100]))
print mean(ones(1000,1000) * 2)
% expect: 4e+06
% expect: 9999
% expect: 2
