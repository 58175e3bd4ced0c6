% bench/fusion.q - whole-array elementwise expressions as one generated kernel
% (lang/pass_fuse.c, issue 10) against today's host path (runtime/fuse.c's block-wise
% pass for + - .* ./, one pass per operator or call otherwise), in one run, on three
% rand(1080, 1920, 3) arrays. The host versions read their arrays through a function
% call (`h(a)`), which keeps the expression on the host. Prints the median ms of REPS
% runs of each (two alternating rounds, the better kept), the ratio host / fused and the
% largest difference of the outputs (must be 0). The chain runs three ways: on the host, a
% fused kernel per statement, and one kernel for the three ({!kernel_fusion}).
%   qpipe exec bench/fusion.q [rows] [reps]

function y = h(x)
    y = x
endfunction

function y = axpy_fused(a, b, c)
    y = a + b .* c
endfunction

function y = axpy_host(a, b, c)
    y = h(a) + h(b) .* h(c)
endfunction

function y = gauss_fused(a, b, c)
    y = exp(-a .* a) .* b + c
endfunction

function y = gauss_host(a, b, c)
    y = exp(-h(a) .* h(a)) .* h(b) + h(c)
endfunction

function y = chain_fused(a, b, c)
    t = a .* b
    u = t + c
    y = sqrt(abs(u)) - a
endfunction

function y = chain_one_kernel(a, b, c)
    {!kernel_fusion strategy="smart"}
    t = a .* b
    u = t + c
    y = sqrt(abs(u)) - a
endfunction

function y = chain_host(a, b, c)
    t = h(a) .* h(b)
    u = h(t) + h(c)
    y = sqrt(abs(h(u))) - h(a)
endfunction

function [ms, y] = timed(f, a, b, c, reps)
    t = zeros(reps)
    {!serial for}
    for r = 0..reps - 1
        tic()
        y = f(a, b, c)
        t[r] = toc()
    endfor
    ms = median(t)
endfunction

function [] = compare(name, fused, host, a, b, c, reps)
    y1 = fused(a, b, c)     % first launches: compile or load from the cache
    [ta, ya] = timed(host, a, b, c, reps)
    [tb, yb] = timed(fused, a, b, c, reps)
    [tc, yc] = timed(host, a, b, c, reps)
    [td, yd] = timed(fused, a, b, c, reps)
    th = min(ta, tc)
    tf = min(tb, td)
    printf("%s: host %.2f ms, fused %.2f ms, ratio host/fused %.2f, max difference %g\n", name, th, tf, th / tf, max(abs(ya - yb)))
endfunction

function [] = main(rows = 1080, reps = 11)
    a = rand(int(rows), 1920, 3)
    b = rand(int(rows), 1920, 3)
    c = rand(int(rows), 1920, 3)
    compare("A + B .* C", axpy_fused, axpy_host, a, b, c, int(reps))
    compare("exp(-A .* A) .* B + C", gauss_fused, gauss_host, a, b, c, int(reps))
    compare("3-statement chain, a kernel each", chain_fused, chain_host, a, b, c, int(reps))
    compare("3-statement chain, {!kernel_fusion}", chain_one_kernel, chain_host, a, b, c, int(reps))
endfunction
