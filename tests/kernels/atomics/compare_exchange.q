% Compare-and-exchange (a[0] <- (-1, pos)) elects exactly one winner among 64 threads; losers see the winner's value.
function [] = __kernel__ k(a : vec[int], r : vec[int], w : vec[int], pos : int)
    old = (a[0] <- (-1, pos))
    r[pos] = old
    if old == -1
        w[0] += 1
        w[1] = pos
    endif
endfunction
a = int([-1])
r = vec[int](64)
w = vec[int](2)
parallel_do(64, a, r, w, k)
print w[0], " ", a[0] == w[1], " ", sum(r == -1), " ", sum(r == a[0])
% expect: 1 1 1 63
