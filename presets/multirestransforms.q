% multirestransforms.q - multiresolution transforms of images: the separable orthogonal
% wavelet transform (Mallat's DWT) and the 2-D dual-tree complex wavelet transform
% (Selesnick, Baraniuk and Kingsbury's "real" 4-tree version), with the filter banks that
% real Quasar denoising programs pass to them.
%
%   [S, S_H] = build_dwt(filters, J)       forward/inverse J-level 2-D DWT (closures)
%   [S, S_H] = build_dtcwt(first, other, J) forward/inverse J-level 2-D DT-CWT (closures)
%   [S, S_H] = build_stp(sz, K, J)         forward/inverse real steerable pyramid (closures)
%   bands = lincell(w)                     the subbands of a transform as one linear cell
%   filtercoeff_farras, filtercoeff_dualfilt, db8   filter banks (values)
%   build_energyweighted_dst2d             not provided: a runtime error says so
%
% Filter banks. A bank is a cell of trees (one tree for db8, two for the dual-tree banks);
% a tree is a 4 x L mat whose rows are the analysis low-pass h0, the analysis high-pass h1,
% the synthesis low-pass g0 and the synthesis high-pass g1, in PyWavelets' order and
% convention (dec_lo, dec_hi, rec_lo, rec_hi: pywt.Wavelet(filter_bank = rows) is the same
% wavelet). Every bank here is orthonormal: g0, g1 are h0, h1 reversed. A transform also
% accepts a function that returns a bank (dtcwt.q's filtercoeff_selcw[3,1] is one).
%
% Analysis along one axis of length N (even) is a periodic convolution followed by keeping
% the even outputs, aligned as pywt's mode "periodization":
%     lo[k] = sum_n h0[n] x[(2k + L/2 - n) mod N],   hi[k] likewise with h1,   k = 0..N/2-1
% Synthesis is the adjoint of that operator with the time-reversed synthesis filters (for
% the orthonormal banks, exactly the transpose of the analysis: perfect reconstruction).
% A filter longer than the signal wraps around as often as needed (coarse levels of small
% images), as pywt does.
%
% Subbands of one level (2-D, height then width): i = 0 low-pass along the height and
% high-pass along the width (pywt's cV, vertical edges), i = 1 high along the height and
% low along the width (pywt's cH), i = 2 high along both (cD). Images are mats whose sizes
% are multiples of 2^J (power_of_two_extension.q prepares them); anything else is an error.
%
% Layouts (j = 0 is the finest scale):
%   DWT      w[j][i] for j = 0..J-1, i = 0..2; w[J] the low-pass mat.
%   DT-CWT   w[j][r, c][i]: r is the tree used along the height, c the tree along the
%            width (each 0 or 1), so w[j] is a 2 x 2 cell of cells of 3 subbands;
%            w[J][r, c] the four low-pass mats. Tree (r, c) is the separable DWT whose
%            vertical filters are tree r of the bank (first[r] at level 0, other[r] below)
%            and whose horizontal filters are tree c, unscaled: every tree is orthonormal,
%            so white noise of deviation sigma has deviation sigma in every subband (the
%            thresholds of wavelet_thresholding.q, alpha sqrt(2) sigma^2 / std(band),
%            assume this: with trees scaled by 1/2 they remove 4 times too much), and
%            sum |w|^2 = 4 sum |x|^2 (a tight frame of bound 4). The inverse is the mean of
%            the four inverse DWTs (1/4 of the adjoint). The trees are not combined into
%            sums and differences (Selesnick's cplxdual2D does that to orient the complex
%            wavelets): each tree stays a DWT, as programs index it.
%   STP      w[0] the high-pass residual (full size), w[j + 1][k] for j = 0..J-1 the K
%            oriented bands of scale j (size sz / 2^j), w[J + 1] the low-pass residual
%            (sz / 2^J). See "Steerable pyramid" below.
%   lincell(w) lists the arrays of w depth first, a 2 x 2 tree cell in row-major order:
%            for the DWT and DT-CWT the detail subbands j = 0..J-1 (finest first), within
%            a scale the trees (r, c) = (0,0), (0,1), (1,0), (1,1) and then i = 0..2,
%            followed by the low-pass band(s): one for the DWT, four (same tree order) for
%            the DT-CWT. So the last four entries of a DT-CWT's lincell are its low-pass
%            bands, which blsgsm.q skips with `for j = 0..numel(bands) - 5`. For the
%            steerable pyramid: the high-pass residual, the oriented bands, the low-pass.
%            The entries are the arrays of w themselves (references), so writing into
%            bands[k] changes w.
%
% Steerable pyramid (build_stp(sz, K, J), images of size sz = [H, W], multiples of 2^J):
% Simoncelli and Freeman's real pyramid, computed in the frequency domain with fft2. With
% t = clamp(log2(4 r / pi), 0, 1) for the radius r of a DFT frequency (radians), the radial
% low-pass is L = cos(pi t / 2) and the high-pass H = sin(pi t / 2) (L^2 + H^2 = 1); the
% first split uses L(r / 2), H(r / 2) (high-pass residual and the input of scale 0). Band
% k of a scale is the spectrum times H alpha cos(theta - pi k / K)^(K - 1) (-i)^(K - 1),
% theta the angle of the frequency from the width axis (k = 0 responds to variations along
% the width, i.e. vertical edges), alpha = 2^(K-1) (K-1)! / sqrt(K (2K-2)!), so that the
% K squared angular masks sum to 1; the next scale is the spectrum times L, cropped to the
% frequencies below half its Nyquist (a downsampling by 2 without aliasing). Bands of
% scale j are multiplied by 2^-j (the low-pass by 2^-J) so that sum |w|^2 = sum |x|^2: a
% tight frame, its inverse the adjoint. The masks of every scale are made once by
% build_stp, for the size it is given.
%
% Filter values: Farras' nearly symmetric orthonormal pair for the first stage (tree 1 is
% tree 0 reversed and moved by one tap: being nearly symmetric, it is about one sample
% later, the first-stage offset the dual tree needs), Kingsbury's 10-tap q-shift filters as Selesnick's
% dualfilt1 lists them for the other stages (tree 1 is tree 0 reversed), Daubechies'
% 16-tap db8 (the published values, in pywt's dec_lo order; h1 by the alternating flip
% h1[n] = (-1)^(n+1) h0[L-1-n]).

% ---- filter banks ---------------------------------------------------------------------

% The 4 x L tree of an orthonormal analysis pair: synthesis filters are the reversals.
function t = mrt_tree(h0, h1)
    L = numel(h0)
    t = zeros(4, L)
    t[0, :] = h0
    t[1, :] = h1
    t[2, :] = h0[L - 1..-1..0]
    t[3, :] = h1[L - 1..-1..0]
endfunction

% The tree of an orthonormal low-pass h0, its high-pass by the alternating flip (pywt's sign).
function t = mrt_qmf_tree(h0)
    L = numel(h0)
    h1 = zeros(L)
    for n = 0..L - 1
        h1[n] = (-1) ^ (n + 1) * h0[L - 1 - n]
    endfor
    t = mrt_tree(h0, h1)
endfunction

function fb = mrt_farras()
    a = 0.08838834764832
    b = 0.69587998903400
    c = 0.01122679215254
    t0 = mrt_tree([0, -a, a, b, b, a, -a, c, c, 0], [0, -c, c, a, a, -b, b, -a, -a, 0])
    t1 = mrt_tree([c, c, -a, a, b, b, a, -a, 0, 0], [0, 0, -a, -a, b, -b, a, a, c, -c])
    fb = {t0, t1}
endfunction

function fb = mrt_dualfilt()
    p = 0.03516384
    q = 0.08832942
    r = 0.23389032
    s = 0.76027237
    t = 0.58751830
    u = 0.11430184
    t0 = mrt_tree([p, 0, -q, r, s, t, 0, -u, 0, 0], [0, 0, -u, 0, t, -s, r, q, 0, -p])
    t1 = mrt_tree([0, 0, -u, 0, t, s, r, -q, 0, p], [-p, 0, q, r, -s, t, 0, -u, 0, 0])
    fb = {t0, t1}
endfunction

function fb = mrt_db8()
    h0 = [-0.00011747678412476953, 0.0006754494064505693, -0.00039174037337694705, _
          -0.004870352993451574, 0.008746094047405777, 0.013981027917398282, _
          -0.044088253930794755, -0.017369301001807547, 0.12874742662047847, _
          0.0004724845739132828, -0.2840155429615469, -0.015829105256349306, _
          0.5853546836542067, 0.6756307362972898, 0.31287159091429995, 0.05441584224310401]
    fb = {mrt_qmf_tree(h0)}
endfunction

filtercoeff_farras = mrt_farras()
filtercoeff_dualfilt = mrt_dualfilt()
db8 = mrt_db8()

% A bank given as a value or as a function returning one (filtercoeff_selcw[3,1]).
function fb = mrt_bank(filters, ntrees)
    fb = filters
    if type(fb, "function")
        fb = fb()
    endif
    if !type(fb, "cell") || numel(fb) < ntrees
        error "multirestransforms: a filter bank is a cell of ", ntrees, _
            " tree(s), each a 4 x L mat [h0; h1; g0; g1]"
    endif
    for k = 0..ntrees - 1
        if ndims(fb[k]) != 2 || size(fb[k], 0) != 4 || mod(size(fb[k], 1), 2) != 0
            error "multirestransforms: tree ", k, " of the filter bank must be a 4 x L mat ", _
                "with L even, not of size ", size(fb[k])
        endif
    endfor
endfunction

% ---- kernels: periodic filtering with downsampling, and its adjoint --------------------

% Analysis along the height: lo/hi[k, c] = sum_n h[n] x[2k + s - n, c], x periodic.
function [] = __kernel__ mrt_afb_col(x : mat'circular, lo : mat'unchecked, hi : mat'unchecked, _
        h0 : vec'unchecked, h1 : vec'unchecked, s : int, pos : ivec2)
    a = 0.0
    b = 0.0
    m = 2 * pos[0] + s
    for n = 0..numel(h0) - 1
        v = x[m - n, pos[1]]
        a += h0[n] * v
        b += h1[n] * v
    endfor
    lo[pos] = a
    hi[pos] = b
endfunction

% Analysis along the width.
function [] = __kernel__ mrt_afb_row(x : mat'circular, lo : mat'unchecked, hi : mat'unchecked, _
        h0 : vec'unchecked, h1 : vec'unchecked, s : int, pos : ivec2)
    a = 0.0
    b = 0.0
    m = 2 * pos[1] + s
    for n = 0..numel(h0) - 1
        v = x[pos[0], m - n]
        a += h0[n] * v
        b += h1[n] * v
    endfor
    lo[pos] = a
    hi[pos] = b
endfunction

% Synthesis along the height, the adjoint of mrt_afb_col with the filters f0, f1 (the
% reversed synthesis filters): x[m] = sum over n with m - s + n even of
% f0[n] lo[(m - s + n) / 2] + f1[n] hi[(m - s + n) / 2], lo and hi periodic.
function [] = __kernel__ mrt_sfb_col(lo : mat'circular, hi : mat'circular, x : mat'unchecked, _
        f0 : vec'unchecked, f1 : vec'unchecked, s : int, pos : ivec2)
    m = pos[0] - s
    n0 = mod(m, 2)
    q0 = int((m + n0) / 2)
    acc = 0.0
    for k = 0..int(numel(f0) / 2) - 1
        n = n0 + 2 * k
        acc += f0[n] * lo[q0 + k, pos[1]] + f1[n] * hi[q0 + k, pos[1]]
    endfor
    x[pos] = acc
endfunction

% Synthesis along the width.
function [] = __kernel__ mrt_sfb_row(lo : mat'circular, hi : mat'circular, x : mat'unchecked, _
        f0 : vec'unchecked, f1 : vec'unchecked, s : int, pos : ivec2)
    m = pos[1] - s
    n0 = mod(m, 2)
    q0 = int((m + n0) / 2)
    acc = 0.0
    for k = 0..int(numel(f0) / 2) - 1
        n = n0 + 2 * k
        acc += f0[n] * lo[pos[0], q0 + k] + f1[n] * hi[pos[0], q0 + k]
    endfor
    x[pos] = acc
endfunction

% ---- one level, 2-D ---------------------------------------------------------------------

% One analysis level of the mat x: vertical filters of tree tv, horizontal of tree th.
% Returns the low-pass band and the cell {i = 0, 1, 2} of detail bands.
function [ll, d] = mrt_afb2d(x, tv, th)
    H = size(x, 0)
    W = size(x, 1)
    if mod(H, 2) != 0 || mod(W, 2) != 0
        error "multirestransforms: image sizes must be multiples of 2^J; a level got ", _
            H, " x ", W, " (extend the image first, e.g. power_of_two_extension)"
    endif
    lv = uninit(int(H / 2), W)
    hv = uninit(int(H / 2), W)
    parallel_do(size(lv), x, lv, hv, tv[0, :], tv[1, :], int(size(tv, 1) / 2), mrt_afb_col)
    sh = int(size(th, 1) / 2)
    ll = uninit(int(H / 2), int(W / 2))
    d0 = uninit(size(ll))
    d1 = uninit(size(ll))
    d2 = uninit(size(ll))
    parallel_do(size(ll), lv, ll, d0, th[0, :], th[1, :], sh, mrt_afb_row)
    parallel_do(size(ll), hv, d1, d2, th[0, :], th[1, :], sh, mrt_afb_row)
    d = {d0, d1, d2}
endfunction

% The inverse of mrt_afb2d.
function x = mrt_sfb2d(ll, d, tv, th)
    H = 2 * size(ll, 0)
    W = 2 * size(ll, 1)
    Lh = size(th, 1)
    lv = uninit(size(ll, 0), W)
    hv = uninit(size(ll, 0), W)
    f0 = th[2, Lh - 1..-1..0]
    f1 = th[3, Lh - 1..-1..0]
    parallel_do(size(lv), ll, d[0], lv, f0, f1, int(Lh / 2), mrt_sfb_row)
    parallel_do(size(hv), d[1], d[2], hv, f0, f1, int(Lh / 2), mrt_sfb_row)
    Lv = size(tv, 1)
    x = uninit(H, W)
    parallel_do(size(x), lv, hv, x, tv[2, Lv - 1..-1..0], tv[3, Lv - 1..-1..0], _
        int(Lv / 2), mrt_sfb_col)
endfunction

function [] = mrt_check_image(x, J, who)
    if ndims(x) != 2
        error who, ": the image must be a mat (one channel), not of size ", size(x)
    endif
    if J < 1 || mod(size(x, 0), 2 ^ J) != 0 || mod(size(x, 1), 2 ^ J) != 0
        error who, ": a ", size(x, 0), " x ", size(x, 1), " image cannot have ", J, _
            " levels: its sizes must be multiples of 2^J (power_of_two_extension)"
    endif
endfunction

% ---- DWT ----------------------------------------------------------------------------------

function w = mrt_dwt(x, t, J)
    mrt_check_image(x, J, "dwt")
    w = cell(J + 1)
    a = x
    for j = 0..J - 1
        [a, d] = mrt_afb2d(a, t, t)
        w[j] = d
    endfor
    w[J] = a
endfunction

function x = mrt_idwt(w, t, J)
    x = w[J]
    for j = J - 1..-1..0
        x = mrt_sfb2d(x, w[j], t, t)
    endfor
endfunction

function [S, S_H] = build_dwt(filters, J)
    t = mrt_bank(filters, 1)[0]
    S = x -> mrt_dwt(x, t, J)
    S_H = w -> mrt_idwt(w, t, J)
endfunction

% ---- DT-CWT (w1: the bank of the first level, w2: of the others; two trees each) ------------

function w = mrt_dtcwt(x, w1, w2, J)
    mrt_check_image(x, J, "dtcwt")
    fb1 = mrt_bank(w1, 2)
    fb2 = mrt_bank(w2, 2)
    w = cell(J + 1)
    for j = 0..J
        w[j] = cell(2, 2)
    endfor
    for r = 0..1
        for c = 0..1
            a = x
            [a, d] = mrt_afb2d(a, fb1[r], fb1[c])
            w[0][r, c] = d
            for j = 1..J - 1
                [a, d] = mrt_afb2d(a, fb2[r], fb2[c])
                w[j][r, c] = d
            endfor
            w[J][r, c] = a
        endfor
    endfor
endfunction

function x = mrt_idtcwt(w, w1, w2, J)
    fb1 = mrt_bank(w1, 2)
    fb2 = mrt_bank(w2, 2)
    x = 0
    for r = 0..1
        for c = 0..1
            a = w[J][r, c]
            for j = J - 1..-1..1
                a = mrt_sfb2d(a, w[j][r, c], fb2[r], fb2[c])
            endfor
            x = x + mrt_sfb2d(a, w[0][r, c], fb1[r], fb1[c])
        endfor
    endfor
    x = 0.25 * x
endfunction

function [S, S_H] = build_dtcwt(first_stage, other_stages, J)
    fb1 = mrt_bank(first_stage, 2)
    fb2 = mrt_bank(other_stages, 2)
    S = x -> mrt_dtcwt(x, fb1, fb2, J)
    S_H = w -> mrt_idtcwt(w, fb1, fb2, J)
endfunction

% ---- subbands as one linear cell --------------------------------------------------------

% The number of arrays in the nested cell v.
function n = mrt_count(v)
    n = 1
    if type(v, "cell")
        n = 0
        if numel(size(v)) == 2
            for r = 0..size(v, 0) - 1
                for c = 0..size(v, 1) - 1
                    n += mrt_count(v[r, c])
                endfor
            endfor
        else
            for i = 0..numel(v) - 1
                n += mrt_count(v[i])
            endfor
        endif
    endif
endfunction

% Stores the arrays of v into bands from position k on (depth first, cells in row-major
% order); returns the next position.
function k = mrt_flatten(v, bands, k)
    if !type(v, "cell")
        bands[k] = v
        k += 1
    elseif numel(size(v)) == 2
        for r = 0..size(v, 0) - 1
            for c = 0..size(v, 1) - 1
                k = mrt_flatten(v[r, c], bands, k)
            endfor
        endfor
    else
        for i = 0..numel(v) - 1
            k = mrt_flatten(v[i], bands, k)
        endfor
    endif
endfunction

% The subbands of w in the order of w (depth first, the 2 x 2 tree cells in row-major
% order): for the DWT and DT-CWT the detail bands finest first and the low-pass band(s)
% last; for the steerable pyramid the high-pass residual, the oriented bands, the low-pass.
function bands = lincell(w)
    bands = cell(mrt_count(w))
    mrt_flatten(w, bands, 0)
endfunction

% ---- steerable pyramid (real, frequency domain, a tight frame) ---------------------------

% Radius and angle of the DFT frequencies of an H x W grid (standard FFT order, radians).
function [] = __kernel__ mrt_stp_polar(r : mat'unchecked, th : mat'unchecked, pos : ivec2)
    H = size(r, 0)
    W = size(r, 1)
    fy = pos[0] < H / 2 ? pos[0] : pos[0] - H
    fx = pos[1] < W / 2 ? pos[1] : pos[1] - W
    wy = 2 * pi * fy / H
    wx = 2 * pi * fx / W
    r[pos] = sqrt(wy * wy + wx * wx)
    th[pos] = atan2(wy, wx)
endfunction

% The masks of one grid: lo/hi the radial pair L(r/f), H(r/f) (f = 2 at the first stage,
% 1 below: t = clamp(log2(4 r / (f pi)), 0, 1), L = cos(pi t / 2), H = sin(pi t / 2)), and
% the K angular masks alpha cos(theta - pi k / K)^(K - 1) times the high-pass.
function [lo, hi, bands] = mrt_stp_masks(H, W, K, f)
    r = uninit(H, W)
    th = uninit(H, W)
    parallel_do([H, W], r, th, mrt_stp_polar)
    t = max(0, min(1, log2(4 * r / (f * pi))))
    lo = cos(pi / 2 * t)
    hi = sin(pi / 2 * t)
    alpha = 2 ^ (K - 1) * prod(1..K - 1) / sqrt(K * prod(1..2 * (K - 1)))
    bands = cell(K)
    for k = 0..K - 1
        c = cos(th - pi * k / K)
        g = alpha * ones(H, W)
        for e = 1..K - 1
            g = g .* c
        endfor
        bands[k] = g .* hi
    endfor
endfunction

% The rows (or columns) kept by halving a spectrum of size n: frequencies |f| < n / 4.
function i = mrt_stp_half(n)
    q = int(n / 4)
    i = [0..q - 1, n - q..n - 1]
endfunction

function m = mrt_stp_plan(sz, K, J)
    if numel(sz) != 2 || mod(sz[0], 2 ^ J) != 0 || mod(sz[1], 2 ^ J) != 0 || K < 1 || J < 1
        error "build_stp: the size ", sz, " must be [H, W] with H and W multiples of 2^J, ", _
            "K >= 1 and J >= 1"
    endif
    [lo0, hi0, b0] = mrt_stp_masks(sz[0], sz[1], K, 2)
    m = {lo0, hi0, cell(J), cell(J), cell(J), K, J, complex(0, -1) ^ (K - 1)}
    for j = 0..J - 1
        [lo, hi, b] = mrt_stp_masks(int(sz[0] / 2 ^ j), int(sz[1] / 2 ^ j), K, 1)
        m[2][j] = lo
        m[4][j] = b
    endfor
endfunction

function w = mrt_stp(x, m)
    [lo0, hi0, los, unused, bs, K, J, c] = m
    X = fft2(x)
    w = cell(J + 2)
    w[0] = real(ifft2(X .* hi0))
    Y = X .* lo0
    for j = 0..J - 1
        s = 2 ^ -j
        w[j + 1] = cell(K)
        for k = 0..K - 1
            w[j + 1][k] = real(ifft2(Y .* (c * bs[j][k]))) * s
        endfor
        Y = Y .* los[j]
        Y = Y[mrt_stp_half(size(Y, 0)), mrt_stp_half(size(Y, 1))]
    endfor
    w[J + 1] = real(ifft2(Y)) * 2 ^ -J
endfunction

function x = mrt_istp(w, m)
    [lo0, hi0, los, unused, bs, K, J, c] = m
    Y = fft2(w[J + 1]) * 2 ^ J
    for j = J - 1..-1..0
        n = size(los[j])
        Z = complex(zeros(n))
        Z[mrt_stp_half(n[0]), mrt_stp_half(n[1])] = Y
        Y = Z .* los[j]
        for k = 0..K - 1
            Y = Y + fft2(w[j + 1][k]) .* (conj(c) * bs[j][k]) * 2 ^ j
        endfor
    endfor
    x = real(ifft2(fft2(w[0]) .* hi0 + Y .* lo0))
endfunction

% [S, S_H] of the real steerable pyramid (Simoncelli and Freeman's design, in the frequency
% domain) of images of size sz with K orientations and J scales.
function [S, S_H] = build_stp(sz, K, J)
    m = mrt_stp_plan(sz, K, J)
    S = x -> mrt_stp(x, m)
    S_H = w -> mrt_istp(w, m)
endfunction

% ---- transforms qpipe does not provide --------------------------------------------------

function [S, S_H] = build_energyweighted_dst2d(sz, K, J)
    error "build_energyweighted_dst2d (discrete shearlet transform) is not provided by ", _
        "qpipe's multirestransforms.q"
endfunction
