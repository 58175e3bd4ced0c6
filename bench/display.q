% bench/display.q - the imshow window's cost for a 1080p float frame (issue 11): conversion
% to RGBA8 (one pass, on the pool), upload through a pixel buffer, draw and present, under
% Xvfb with Mesa's llvmpipe (bench/display.sh starts the server). Prints the median and the
% best of 31 imshow calls in ms, after 3 warm-up calls (the first opens the window).
function [] = main()
    x = rand(1080, 1920, 3) * 255
    for k = 0..2
        imshow(x)
    endfor
    n = 31
    t = zeros(n)
    for k = 0..n-1
        x[0, 0, 0] = k
        tic()
        imshow(x)
        t[k] = toc()
    endfor
    for i = 1..n-1                  % insertion sort (31 numbers)
        v = t[i]
        j = i - 1
        while j >= 0 && t[j] > v
            t[j + 1] = t[j]
            j -= 1
        endwhile
        t[j + 1] = v
    endfor
    printf("display 1080p float frame: median %.2f ms, best %.2f ms\n", t[(n - 1) / 2], t[0])
endfunction
