% An assert that fails in only one thread (pos == 5) still fails the launch with the kernel's name.
function [] = __kernel__ check_range(x : vec, pos : int)
    assert(x[pos] < 100)
endfunction
x = [1, 2, 3, 4, 5, 100, 7, 8]
parallel_do(numel(x), x, check_range)
% expect error: line 3: (parallel_do) check_range - assertion failed
