% Atomic -= from 60 threads on one element starting at 100: ends at 40; returned values are 99..40, each once.
function [] = __kernel__ k(a : vec, r : vec[int], pos : int)
    r[pos] = (a[0] -= 1)
    a[1] -= 0.5
endfunction
function [] = __kernel__ tally(r : vec[int], seen : vec, pos : int)
    seen[r[pos] - 40] += 1
endfunction
a = [100, 0]
r = vec[int](60)
parallel_do(60, a, r, k)
seen = zeros(60)
parallel_do(60, r, seen, tally)
print a
print min(seen), " ", max(seen), " ", sum(r)
% expect: [40,-30]
% expect: 1 1 4170
