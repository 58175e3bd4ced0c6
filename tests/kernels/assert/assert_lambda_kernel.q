% An assert failing in a __kernel__ lambda is reported as a kernel assertion on its line.
y = zeros(3)
parallel_do(3, __kernel__ (pos) -> (assert(pos < 2); y[pos] = 1))
% expect error: line 3: assertion failed
