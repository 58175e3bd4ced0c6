% Global tone mapping of a colour image in the style of research code: a log-average
% luminance accumulated from `s = 0`, a Reinhard curve in a kernel over `cube' clamped`,
% a 3x3 local contrast pass whose offsets `pos + [dy, dx]` leave the channel alone, and
% the statistics of the result on the host.
function [] = __kernel__ reinhard(x : cube, y : cube, key : scalar, lavg : scalar, pos : ivec3)
    L = 0.2126 * x[pos[0], pos[1], 0] + 0.7152 * x[pos[0], pos[1], 1] + 0.0722 * x[pos[0], pos[1], 2]
    Ls = key * L / lavg
    Ld = Ls / (1 + Ls)
    y[pos] = L > 0 ? x[pos] * Ld / L : 0
endfunction

function [] = __kernel__ local_contrast(x : cube' clamped, y : cube, amount : scalar, pos : ivec3)
    s = 0
    for dy = -1..1
        for dx = -1..1
            s += x[pos + [dy, dx]]
        endfor
    endfor
    y[pos] = x[pos] + amount * (x[pos] - s / 9)
endfunction

function lavg = log_average(x : cube)
    s = 0
    n = 0
    for m = 0..size(x, 0) - 1
        for k = 0..size(x, 1) - 1
            L = 0.2126 * x[m, k, 0] + 0.7152 * x[m, k, 1] + 0.0722 * x[m, k, 2]
            s += log(L + 1e-4)
            n += 1
        endfor
    endfor
    lavg = exp(s / n)
endfunction

function [] = main()
    H = 6
    W = 8
    hdr = zeros(H, W, 3)
    for m = 0..H-1
        for k = 0..W-1
            for c = 0..2
                hdr[m, k, c] = 2^(k - 2) * (1 + 0.1 * c) + 0.05 * m
            endfor
        endfor
    endfor
    lavg = log_average(hdr)
    ldr = zeros(size(hdr))
    parallel_do(size(hdr), hdr, ldr, 0.18, lavg, reinhard)
    out = zeros(size(ldr))
    parallel_do(size(ldr), ldr, out, 0.5, local_contrast)
    print "log average: ", round(lavg * 1000) / 1000
    print "range in (0,1): ", min(ldr) > 0 && max(ldr) < 1
    print "monotone along a row: ", all(ldr[2, 1..W-1, 1] > ldr[2, 0..W-2, 1])
    print "flat region kept: ", abs(out[3, 3, 0] - ldr[3, 3, 0]) < 0.05
endfunction
% expect: log average: 3.381
% expect: range in (0,1): 1
% expect: monotone along a row: 1
% expect: flat region kept: 1
