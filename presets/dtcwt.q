% dtcwt.q - the 2-D dual-tree complex wavelet transform as functions of the image, and
% Selesnick's approximate Hilbert-pair filters.
%
%   w = dtcwt2d(x, w1, w2, J)     forward transform: w[j][r, c][i], w[J][r, c] low-pass
%   x = idtcwt2d(w, w1, w2, J)    inverse (perfect reconstruction)
%   filtercoeff_selcw[K, L]       Selesnick's Hilbert-pair bank with K zeros at z = -1 and
%                                 an allpass of degree L (designed when called)
%   dtcwt3d_untiled, idtcwt3d_untiled   not provided: a runtime error says so
%
% w1 is the bank of the first level (filtercoeff_farras), w2 of the other levels
% (filtercoeff_dualfilt or filtercoeff_selcw[3,1]); both are cells of two trees as
% multirestransforms.q describes, or functions returning one. The transform, its layout,
% its normalisation (tree (r, c) is the orthonormal separable DWT of vertical tree r and
% horizontal tree c: sum |w|^2 = 4 sum |x|^2) and the subband orientations are those of
% multirestransforms.q's build_dtcwt: dtcwt2d(x, w1, w2, J) equals S(x) of
% build_dtcwt(w1, w2, J).
%
% filtercoeff_selcw[K, L] (I. W. Selesnick, "The design of approximate Hilbert transform
% pairs of wavelet bases", IEEE Trans. Signal Processing 50(5), 2002), designed in
% dtcwt_selcw_design: D(z) is the maximally flat allpass of degree L and delay 1/2
% (Thiran's formula; D(z) = 1 + z^-1 / 3 for L = 1); h0 = F(z) D(z) and
% g0 = F(z) z^-L D(1/z) with F(z) = Q(z) (1 + z^-1)^K, where Q is the minimum-phase
% spectral factor of the symmetric R(z) of degree K + L - 1 for which
% P(z) = (z + 2 + 1/z)^K D(z) D(1/z) R(z) is halfband (p[0] = 1, p[2n] = 0): a linear
% system of K + L equations (solve), then the roots of z^(K+L-1) R(z) as the eigenvalues of
% its companion matrix (eig), those inside the unit circle kept. h0 and g0 have 2 (K + L)
% taps, are orthonormal, sum to sqrt(2), and g0 is h0 delayed by half a sample at low
% frequencies (so the tree-1 wavelet is close to the Hilbert transform of the tree-0 one);
% h1 and g1 are the alternating flips, as for db8. Tree 0 holds h, tree 1 g. The design
% runs in the working precision (single: the taps agree with a double-precision NumPy
% design to about 1e-6, which tests/lang/exec/wavelets/make_expected.py checks for [3,1],
% [2,2] and [4,2]). K + L is limited to 6: beyond, single precision loses orthonormality
% (K + L = 8 leaves errors near 1e-3 in the reconstruction).
import "system.q"
import "multirestransforms.q"

function w = dtcwt2d(x, w1, w2, J)
    w = mrt_dtcwt(x, w1, w2, J)
endfunction

function x = idtcwt2d(w, w1, w2, J)
    x = mrt_idtcwt(w, w1, w2, J)
endfunction

% The full convolution of two vecs (real or complex).
function y = dtcwt_conv(a, b)
    y = zeros(numel(a) + numel(b) - 1)
    if iscomplex(a) || iscomplex(b)
        y = complex(y)
    endif
    for i = 0..numel(a) - 1
        for j = 0..numel(b) - 1
            y[i + j] += a[i] * b[j]
        endfor
    endfor
endfunction

% Selesnick's design (see the header): the two orthonormal low-pass filters h0, g0 of
% 2 (K + L) taps.
function [h0, g0] = dtcwt_selcw_design(K, L)
    if K < 1 || L < 1 || K + L > 6
        error "filtercoeff_selcw[", K, ",", L, "]: K and L must be at least 1, K + L at most 6"
    endif
    % the maximally flat allpass of degree L, delay tau = 1/2 (Thiran)
    tau = 0.5
    d = zeros(L + 1)
    for k = 0..L
        v = (-1) ^ k
        for n = 0..k - 1
            v = v * (L - n) / (n + 1)
        endfor
        for n = 0..L
            v = v * (tau - L + n) / (tau - L + k + n)
        endfor
        d[k] = v
    endfor
    dr = d[L..-1..0]
    % b = (z + 2 + 1/z)^K D(z) D(1/z), centred on index cb
    b = [1.0]
    for k = 1..K
        b = dtcwt_conv(b, [1.0, 2.0, 1.0])
    endfor
    b = dtcwt_conv(b, dtcwt_conv(d, dr))
    cb = int((numel(b) - 1) / 2)
    % R symmetric of degree M: r[0..M]; P = b * R halfband: p[0] = 1, p[2t] = 0, t = 1..M
    M = K + L - 1
    A = zeros(M + 1, M + 1)
    rhs = zeros(M + 1)
    rhs[0] = 1
    for t = 0..M
        for m = -M..M
            idx = cb + 2 * t - m
            if idx >= 0 && idx < numel(b)
                A[t, abs(m)] += b[idx]
            endif
        endfor
    endfor
    r = solve(A, rhs)
    % the roots of z^M R(z) (degree 2M) from its companion matrix; Q keeps those inside
    % the unit circle (they come in pairs rho, 1/rho)
    C = zeros(2 * M, 2 * M)
    for k = 0..2 * M - 1
        C[0, k] = -r[abs(M - 1 - k)] / r[M]
    endfor
    for k = 1..2 * M - 1
        C[k, k - 1] = 1
    endfor
    rho = complex(eig(C))
    q = complex([1.0])
    for k = 0..2 * M - 1
        if abs(rho[k]) < 1
            q = dtcwt_conv(q, [complex(1.0), -rho[k]])
        endif
    endfor
    f = real(q)
    if numel(f) != M + 1
        error "filtercoeff_selcw[", K, ",", L, "]: the spectral factorisation failed"
    endif
    for k = 1..K
        f = dtcwt_conv(f, [1.0, 1.0])
    endfor
    h0 = dtcwt_conv(f, d)
    g0 = dtcwt_conv(f, dr)
    h0 = h0 * (sqrt(2) / sum(h0))
    g0 = g0 * (sqrt(2) / sum(g0))
endfunction

% Selesnick's bank [K, L]: tree 0 the filters h, tree 1 the filters g (half a sample
% behind), high-pass filters by the alternating flip.
function fb = filtercoeff_selcw[K : int, L : int]()
    [h0, g0] = dtcwt_selcw_design(K, L)
    fb = {mrt_qmf_tree(h0), mrt_qmf_tree(g0)}
endfunction

function w = dtcwt3d_untiled(x, w1, w2, J)
    error "dtcwt3d_untiled (3-D dual-tree transform) is not provided by qpipe's dtcwt.q"
endfunction

function x = idtcwt3d_untiled(w, w1, w2, J)
    error "idtcwt3d_untiled (3-D dual-tree transform) is not provided by qpipe's dtcwt.q"
endfunction
