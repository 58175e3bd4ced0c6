% Atomic += on one global element from 200 threads: the total is exact and the returned values are 1..200, each once.
function [] = __kernel__ k(a : vec, r : vec, pos : int)
    r[pos] = (a[0] += 1)
    a[1] += pos
endfunction
function [] = __kernel__ tally(r : vec, seen : vec, pos : int)
    seen[int(r[pos]) - 1] += 1
endfunction
a = zeros(2)
r = zeros(200)
parallel_do(200, a, r, k)
seen = zeros(200)
parallel_do(200, r, seen, tally)
print a
print min(seen), " ", max(seen)
% expect: [200,19900]
% expect: 1 1
