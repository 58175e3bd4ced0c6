% Loops inside functions: typed arguments keep their access mode in the kernel
% (x : mat'clamped reads the edge outside), untyped arguments are specialised by value,
% a pure host function called in the loop runs as its device copy, a __device__ function
% as itself. Values by hand: clamped x[m, n + 1] at n = 63 is x[m, 63].
% options: -v
function y = shift_clamped(x : mat'clamped)
    y = zeros(size(x))
    for m = 0..size(x, 0) - 1
        for n = 0..size(x, 1) - 1
            y[m, n] = x[m, n + 1] - x[m, n - 1]
        endfor
    endfor
endfunction
function r = sq(v)
    r = v * v + 1
endfunction
function r = __device__ half(v : scalar)
    r = v / 2
endfunction
function y = apply(x, gain)
    y = zeros(size(x))
    for m = 0..size(x, 0) - 1
        for n = 0..size(x, 1) - 1
            y[m, n] = half(sq(x[m, n])) * gain
        endfor
    endfor
endfunction
x = zeros(32, 64)
for m = 0..31
    for n = 0..63
        x[m, n] = n
    endfor
endfor
y = shift_clamped(x)
print y[0, 0], " ", y[5, 10], " ", y[31, 63]
z = apply(x, 3)
print z[0, 0], " ", z[2, 3], " ", z[31, 63]
% expect note: line 8: loop parallelized: kernel 'opt__for_functions_L8_C5' over 32 x 64
% expect note: line 22: loop parallelized: kernel 'opt__for_functions_L22_C5' over 32 x 64
% expect note: line 29: loop parallelized
% y[0,0] = x[0,1] - x[0,0] (clamped) = 1; interior 2; y[31,63] = 63 - 62 = 1
% expect: 1 2 1
% z = (n*n + 1) / 2 * 3: n=0 → 1.5, n=3 → 15, n=63 → 5955
% expect: 1.5 15 5955
