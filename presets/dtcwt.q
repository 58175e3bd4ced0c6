% dtcwt.q - the 2-D dual-tree complex wavelet transform as functions of the image, and
% Selesnick's approximate Hilbert-pair filters.
%
%   w = dtcwt2d(x, w1, w2, J)     forward transform: w[j][r, c][i], w[J][r, c] low-pass
%   x = idtcwt2d(w, w1, w2, J)    inverse (perfect reconstruction, the adjoint)
%   filtercoeff_selcw[K, L]       Selesnick's Hilbert-pair bank with K zeros at z = -1 and
%                                 an allpass of degree L; only [3, 1] is provided
%   dtcwt3d_untiled, idtcwt3d_untiled   not provided: a runtime error says so
%
% w1 is the bank of the first level (filtercoeff_farras), w2 of the other levels
% (filtercoeff_dualfilt or filtercoeff_selcw[3,1]); both are cells of two trees as
% multirestransforms.q describes, or functions returning one. The transform, its layout,
% its normalisation (tree (r, c) is the orthonormal separable DWT of vertical tree r and
% horizontal tree c: sum |w|^2 = 4 sum |x|^2) and the subband orientations are multirestransforms.q's
% build_dtcwt: dtcwt2d(x, w1, w2, J) equals S(x) of build_dtcwt(w1, w2, J).
%
% filtercoeff_selcw[3, 1] (I. W. Selesnick, "The design of approximate Hilbert transform
% pairs of wavelet bases", IEEE Trans. Signal Processing 50(5), 2002): with the maximally
% flat allpass of degree L and delay 1/2, D(z) = 1 + z^-1 / 3 for L = 1 (Thiran's formula),
% h0 = F(z) D(z) and g0 = F(z) z^-L D(1/z), F(z) = Q(z) (1 + z^-1)^K. Q is the
% minimum-phase spectral factor of the symmetric R(z) of degree K + L - 1 = 3 for which
% P(z) = (z + 2 + 1/z)^K D(z) D(1/z) R(z) is halfband (p[0] = 1, p[2n] = 0): a 4 x 4
% linear system, then the roots of z^3 R(z) inside the unit circle. h0 and g0 have
% 2 (K + L) = 8 taps, are orthonormal (checked to 1e-15), sum to sqrt(2), and g0 is h0
% delayed by half a sample at low frequencies (so the tree-1 wavelet is close to the
% Hilbert transform of the tree-0 one). The numbers below were computed with NumPy by
% that procedure (the derivation is repeated in tests/lang/exec/wavelets/make_expected.py,
% which checks them); h1 and g1 are the alternating flips, as for db8.
import "multirestransforms.q"

function w = dtcwt2d(x, w1, w2, J)
    w = mrt_dtcwt(x, w1, w2, J)
endfunction

function x = idtcwt2d(w, w1, w2, J)
    x = mrt_idtcwt(w, w1, w2, J)
endfunction

function fb = filtercoeff_selcw[K : int, L : int]()
    if K != 3 || L != 1
        error "filtercoeff_selcw[", K, ",", L, "]: qpipe provides only filtercoeff_selcw[3,1]"
    endif
    h0 = [0.31272139871120724, 0.7922952779933828, 0.4964460074327436, -0.1200880584195984, _
          -0.10990437171410251, 0.03799551273732847, 0.007843746756699185, _
          -0.0030959511245653897]
    g0 = [0.10424046623706908, 0.5420730026299785, 0.7770862795943045, 0.1973878947614426, _
          -0.22251881391144676, -0.023066262831177436, 0.048298849266620675, _
          -0.00928785337369617]
    fb = {mrt_qmf_tree(h0), mrt_qmf_tree(g0)}
endfunction

function w = dtcwt3d_untiled(x, w1, w2, J)
    error "dtcwt3d_untiled (3-D dual-tree transform) is not provided by qpipe's dtcwt.q"
endfunction

function x = idtcwt3d_untiled(w, w1, w2, J)
    error "idtcwt3d_untiled (3-D dual-tree transform) is not provided by qpipe's dtcwt.q"
endfunction
