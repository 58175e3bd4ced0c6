% A total-variation denoiser in the style of research code: forward differences and the
% divergence as kernels over `mat' clamped` arrays, a gradient step in a host loop, an
% energy accumulated from `e = 0`, and named arguments written `name = value`.
function [] = __kernel__ grad_kernel(u : mat' clamped, px : mat, py : mat, pos : ivec2)
    px[pos] = u[pos[0], pos[1] + 1] - u[pos]
    py[pos] = u[pos[0] + 1, pos[1]] - u[pos]
endfunction

function [] = __kernel__ tv_step(u : mat' clamped, f : mat, out : mat, lambda : scalar, tau : scalar, pos : ivec2)
    eps = 0.01
    dxp = u[pos[0], pos[1] + 1] - u[pos]
    dyp = u[pos[0] + 1, pos[1]] - u[pos]
    nrm = sqrt(dxp^2 + dyp^2 + eps)
    dxm = u[pos] - u[pos[0], pos[1] - 1]
    dym0 = u[pos[0] - 1, pos[1] + 1] - u[pos[0] - 1, pos[1]]
    nrm_l = sqrt(dxm^2 + (u[pos[0] + 1, pos[1] - 1] - u[pos[0], pos[1] - 1])^2 + eps)
    dym = u[pos] - u[pos[0] - 1, pos[1]]
    nrm_u = sqrt(dym^2 + dym0^2 + eps)
    div = dxp / nrm - dxm / nrm_l + dyp / nrm - dym / nrm_u
    out[pos] = u[pos] + tau * (div - lambda * (u[pos] - f[pos]))
endfunction

function e = tv_energy(u, f, lambda)
    px = zeros(size(u))
    py = zeros(size(u))
    parallel_do(size(u), u, px, py, grad_kernel)
    e = 0
    for m = 0..size(u, 0) - 1
        for n = 0..size(u, 1) - 1
            e += sqrt(px[m, n]^2 + py[m, n]^2) + lambda / 2 * (u[m, n] - f[m, n])^2
        endfor
    endfor
endfunction

function u = tv_denoise(f, lambda = 4.0, tau = 0.05, iters = 10)
    u = copy(f)
    tmp = zeros(size(f))
    for it = 1..iters
        parallel_do(size(u), u, f, tmp, lambda, tau, tv_step)
        [u, tmp] = [tmp, u]
    endfor
endfunction

function [] = main()
    N = 16
    clean = zeros(N, N)
    clean[4..11, 4..11] = 1
    noisy = zeros(N, N)
    for m = 0..N-1
        for n = 0..N-1
            noisy[m, n] = clean[m, n] + 0.2 * sin(7.1 * m + 3.3 * n),
        endfor
    endfor
    lambda = 4.0
    u = tv_denoise(noisy, lambda = lambda, iters = 40)
    e0 = tv_energy(noisy, noisy, lambda)
    e1 = tv_energy(u, noisy, lambda)
    err0 = sum((noisy - clean).^2)
    err1 = sum((u - clean).^2)
    print "energy decreases: ", e1 < e0
    print "error decreases: ", err1 < err0
    print "error ratio below 0.8: ", err1 / err0 < 0.8
endfunction
% expect: energy decreases: 1
% expect: error decreases: 1
% expect: error ratio below 0.8: 1
