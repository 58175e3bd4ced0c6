% bench/fft.q - qpipe's side of bench/fft.sh: fft2, irealfft2 and real(ifft2(...)) of a
% 1080x1920 real plane (scalar: single precision unless --double). Prints the median
% milliseconds of REPS runs of each, after one warm-up call that makes the plans.
% Usage: qpipe exec bench/fft.q REPS
function [] = main(n : int)
    x = rand(1080, 1920)
    X = fft2(x)
    y = irealfft2(X)
    z = real(ifft2(X))
    t1 = zeros(n)
    t2 = zeros(n)
    t3 = zeros(n)
    for k = 0..n-1
        tic()
        X = fft2(x)
        t1[k] = toc("")
        tic()
        y = irealfft2(X)
        t2[k] = toc("")
        tic()
        z = real(ifft2(X))
        t3[k] = toc("")
    endfor
    printf("qpipe fft2 %.3f ms\n", median(t1))
    printf("qpipe irealfft2 %.3f ms\n", median(t2))
    printf("qpipe real(ifft2) %.3f ms\n", median(t3))
    printf("check %.6f\n", max(abs(y - x)))
endfunction
