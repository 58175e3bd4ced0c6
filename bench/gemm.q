% gemm.q - times the n x n single-precision matrix product C = A * B (bench/gemm.sh).
% Prints "qpipe N median_ms checksum": the median of `runs` timed products after one
% untimed warm-up, and sum(abs(C)) for comparison with bench/gemm_ref.c, which builds the
% same matrices: A[i,j] = mod(i*n + j, 17)/4 - 2, B[i,j] = mod(i*n + j, 13)/4 - 1.5.
function [] = main(n = 1024, runs = 9)
    idx = 0..(n*n - 1)
    A = reshape(mod(idx, 17) / 4 - 2, n, n)
    B = reshape(mod(idx, 13) / 4 - 1.5, n, n)
    C = A * B
    t = zeros(runs)
    for k = 0..runs-1
        tic()
        C = A * B
        t[k] = toc("")
    end
    printf("qpipe %d %.3f %.6e\n", n, median(t), sum(abs(C)))
end
