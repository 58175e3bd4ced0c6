% array_ops.q - whole-array expressions on a 1920x1080 RGB image of scalars.
%
% Times N repetitions of D = A + B .* C and of s = sum(A) on 1080x1920x3 arrays
% (6,220,800 single-precision elements, 24.9 MB each), after one untimed run of each, and
% prints the median milliseconds of each:
%
%   array_ops: expr_ms 8.123 sum_ms 1.456 n 6220800 reps 21 check 3.11e+06
%
% bench/run.sh turns them into GB/s (A + B .* C moves 4 arrays, sum(A) reads 1, 4 bytes per
% element) and compares them with the triad bandwidth of stream_triad.c measured in the
% same run. `check` is sum(A) (about n/2 for uniform rand), printed so the work is used.
%
%   build/qpipe exec bench/array_ops.q

N = 21
A = rand(1080, 1920, 3)
B = rand(1080, 1920, 3)
C = rand(1080, 1920, 3)
t_expr = vec(N)
t_sum = vec(N)

D = A + B .* C
s = sum(A)
for k = 0..N-1
    tic()
    D = A + B .* C
    t_expr[k] = toc("")
endfor
for k = 0..N-1
    tic()
    s = sum(A)
    t_sum[k] = toc("")
endfor

printf("array_ops: expr_ms %.3f sum_ms %.3f n %d reps %d check %g\n", median(t_expr), median(t_sum), numel(A), N, s)
