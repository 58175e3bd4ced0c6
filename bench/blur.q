% blur.q - a 5x5 Gaussian blur as Quasar kernels, and the cost of launching a kernel.
%
% The image is rand(h, 1920, 3) in single precision, h = 1080 unless given (at least 2), the
% program's first random draw, so with qpipe's default seed (5489) it is the same image that
% blur_ref.c makes (it runs the same xoshiro256** generator): the checksums can be compared.
% The blur: weights g[k] = exp(-k^2 / 2), k = -2..2 (sigma 1), divided by their sum; the
% 5x5 weights are w[i, j] = g[i] g[j]; the border is 'clamped (the edge pixel repeats:
% OpenCV's BORDER_REPLICATE). Two ways:
%   1-pass: blur5, one kernel, the 25-tap sum per pixel and channel;
%   2-pass: blur_h then blur_v, two 5-tap kernels through an intermediate image.
% Each is launched once untimed (its first launch, timed on its own: on a cold cache it
% includes compiling the kernel), then `reps` times (11 unless given) with tic()/toc("");
% the median is printed with the sum of the output (accumulated in double by sum()).
% Then the launch cost: the first launch of an empty kernel on a 16-thread grid (compile
% and load latency, nothing else), and the median of 1000 launches of it, each timed on
% its own, in microseconds; `timer_us` is the median of 1000 empty tic()/toc("") pairs,
% the part of each launch figure that is the timer itself.
%
%   build/qpipe exec bench/blur.q [h [reps]]
%
% prints (bench/run.sh reads these lines by their first words):
%
%   blur: h 1080 w 1920 c 3 reps 11 in_sum 3109350
%   blur: empty_first_ms 79.4296 launch_us 0.13 timer_us 0.0499999 launches 1000
%   blur: pass1_ms 68.1126 pass1_sum 3109347.5 pass1_first_ms 224.943
%   blur: pass2_ms 57.533 pass2_sum 3109347.5 pass2_first_ms 237.444
%
% reps = 0 skips the blur (only the first two lines): bench/run.sh uses it for a second,
% warm-cache start. The launch part runs before the blur, so that the empty kernel's first
% launch is the program's first.

% The 25-tap sum; x's declared mode 'clamped is what handles the border.
function [] = __kernel__ blur5(x : cube'clamped, y : cube, w : mat, pos : ivec3)
    s = 0.0
    for dy = -2..2
        for dx = -2..2
            s += w[dy + 2, dx + 2] * x[pos[0] + dy, pos[1] + dx, pos[2]]
        endfor
    endfor
    y[pos] = s
endfunction

% Horizontal 5 taps (along the width, dimension 1).
function [] = __kernel__ blur_h(x : cube'clamped, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -2..2
        s += g[k + 2] * x[pos[0], pos[1] + k, pos[2]]
    endfor
    y[pos] = s
endfunction

% Vertical 5 taps (along the height, dimension 0).
function [] = __kernel__ blur_v(x : cube'clamped, y : cube, g : vec, pos : ivec3)
    s = 0.0
    for k = -2..2
        s += g[k + 2] * x[pos[0] + k, pos[1], pos[2]]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ empty(pos : int)
endfunction

function [] = main(h : int = 1080, reps : int = 11)
    if h < 2
        % rand(1, 1920, 3) would be a 1920x3 matrix: creation drops leading singletons
        error("blur.q: the height must be at least 2, not ", h)
    endif
    x = rand(h, 1920, 3)
    printf("blur: h %d w %d c %d reps %d in_sum %.9g\n", h, 1920, 3, reps, sum(x))

    % ---- launch cost (first, so that this is the program's first launch)
    tic()
    parallel_do(16, empty)
    empty_first = toc("")
    nl = 1000
    t_launch = vec(nl)
    t_timer = vec(nl)
    for k = 0..nl-1
        tic()
        parallel_do(16, empty)
        t_launch[k] = toc("")
    endfor
    for k = 0..nl-1
        tic()
        t_timer[k] = toc("")
    endfor
    printf("blur: empty_first_ms %.6g launch_us %.6g timer_us %.6g launches %d\n", empty_first, 1000 * median(t_launch), 1000 * median(t_timer), nl)
    if reps <= 0
        return
    endif

    % ---- the weights
    g = zeros(5)
    for k = -2..2
        g[k + 2] = exp(-k * k / 2)
    endfor
    g = g / sum(g)
    w = zeros(5, 5)
    for i = 0..4
        for j = 0..4
            w[i, j] = g[i] * g[j]
        endfor
    endfor

    % ---- 1-pass
    y1 = zeros(size(x))
    t = vec(reps)
    tic()
    parallel_do(size(y1), x, y1, w, blur5)
    first1 = toc("")
    for k = 0..reps-1
        tic()
        parallel_do(size(y1), x, y1, w, blur5)
        t[k] = toc("")
    endfor
    printf("blur: pass1_ms %.6g pass1_sum %.9g pass1_first_ms %.6g\n", median(t), sum(y1), first1)

    % ---- 2-pass
    tmp = zeros(size(x))
    y2 = zeros(size(x))
    tic()
    parallel_do(size(tmp), x, tmp, g, blur_h)
    parallel_do(size(y2), tmp, y2, g, blur_v)
    first2 = toc("")
    for k = 0..reps-1
        tic()
        parallel_do(size(tmp), x, tmp, g, blur_h)
        parallel_do(size(y2), tmp, y2, g, blur_v)
        t[k] = toc("")
    endfor
    printf("blur: pass2_ms %.6g pass2_sum %.9g pass2_first_ms %.6g\n", median(t), sum(y2), first2)
endfunction
