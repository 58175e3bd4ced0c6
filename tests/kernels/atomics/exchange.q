% Atomic exchange old = (a[0] <- pos) from 50 threads: the old values and the final value are -1, 0..49 each exactly once.
function [] = __kernel__ k(a : vec[int], r : vec[int], pos : int)
    r[pos] = (a[0] <- pos)
endfunction
function [] = __kernel__ tally(r : vec[int], seen : vec, pos : int)
    seen[r[pos] + 1] += 1
endfunction
a = int([-1])
r = vec[int](50)
parallel_do(50, a, r, k)
seen = zeros(51)
parallel_do(50, r, seen, tally)
seen[a[0] + 1] += 1
print min(seen), " ", max(seen), " ", sum(seen)
% expect: 1 1 51
