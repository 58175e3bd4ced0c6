% A guided filter (He et al.) in the style of research code: separable box sums written as
% kernels with `vec' clamped`-style access (here zero extension with a count image), the
% per-pixel linear coefficients as a kernel, a generic box radius given by explicit
% instantiation box_h[R], a reduction that removes a redundant normalisation, and
% accumulators started at 0.
function [] = __kernel__ box_h[R : int](x : mat, y : mat, pos : ivec2)
    s = 0
    for k = -R..R
        s += x[pos[0], pos[1] + k]
    endfor
    y[pos] = s
endfunction

function [] = __kernel__ box_v[R : int](x : mat, y : mat, pos : ivec2)
    s = 0
    for k = -R..R
        s += x[pos[0] + k, pos[1]]
    endfor
    y[pos] = s
endfunction

function y = box(x, r)
    t = zeros(size(x))
    y = zeros(size(x))
    if r == 1
        parallel_do(size(x), x, t, box_h[1])
        parallel_do(size(x), t, y, box_v[1])
    else
        parallel_do(size(x), x, t, box_h[2])
        parallel_do(size(x), t, y, box_v[2])
    endif
endfunction

function y = normalise(x)
    print "normalise called"
    y = x / max(x)
endfunction

% the guide is already in [0,1] in this program: normalising it again is the identity
reduction (x : mat) -> normalise(normalise(x)) = normalise(x)

function [] = __kernel__ coefficients(mI : mat, mp : mat, cIp : mat, vI : mat, a : mat, b : mat, eps : scalar, pos : ivec2)
    a[pos] = cIp[pos] / (vI[pos] + eps)
    b[pos] = mp[pos] - a[pos] * mI[pos]
endfunction

function q = guided_filter(I, p, r = 1, eps = 0.01)
    N = box(ones(size(I)), r)
    mI = box(I, r) ./ N
    mp = box(p, r) ./ N
    cIp = box(I .* p, r) ./ N - mI .* mp
    vI = box(I .* I, r) ./ N - mI .* mI
    a = zeros(size(I))
    b = zeros(size(I))
    parallel_do(size(I), mI, mp, cIp, vI, a, b, eps, coefficients)
    q = (box(a, r) ./ N) .* I + box(b, r) ./ N
endfunction

function [] = main()
    M = 12
    I = zeros(M, M)
    p = zeros(M, M)
    for m = 0..M-1
        for n = 0..M-1
            I[m, n] = n >= 6 ? 1.0 : 0.0
            p[m, n] = I[m, n] + 0.1 * cos(2.3 * m + 1.7 * n)
        endfor
    endfor
    I = normalise(normalise(I))
    q = guided_filter(I, p, r = 2, eps = 0.001)
    err_p = 0
    err_q = 0
    for m = 0..M-1
        for n = 0..M-1
            err_p += (p[m, n] - I[m, n])^2
            err_q += (q[m, n] - I[m, n])^2
        endfor
    endfor
    print "smoother: ", err_q < err_p / 2
    print "edge kept: ", q[5, 6] - q[5, 4] > 0.8
    print "row 0 range: ", round(min(q[0, :]) * 10) / 10, "..", round(max(q[0, :]) * 10) / 10
endfunction
% expect: normalise called
% expect: smoother: 1
% expect: edge kept: 1
% expect: row 0 range: 0..1
