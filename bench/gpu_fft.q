% bench/gpu_fft.q - qpipe's side of bench/gpu.sh's fft2 figure: fft2 of a 1080x1920
% complex plane (single precision), the plane made complex once so that, on the CUDA
% engine, it stays on the device. One warm-up call (the plan), then the median
% milliseconds of REPS calls, timed with tic()/toc("").
% Usage: qpipe exec --engine cuda bench/gpu_fft.q REPS
function [] = main(n : int)
    x = complex(rand(1080, 1920))
    X = fft2(x)
    t = zeros(n)
    for k = 0..n-1
        tic()
        X = fft2(x)
        t[k] = toc("")
    endfor
    printf("qpipe fft2 %.3f ms\n", median(t))
endfunction
