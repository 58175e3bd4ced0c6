% One worker thread gives the same sums as the pool (reductions add fixed blocks in order).
% options: --threads 1 --seed 0
print sum(ones(100000))
% expect: 100000
