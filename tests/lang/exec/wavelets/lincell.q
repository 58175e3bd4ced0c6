% lincell.q - lincell(w) of multirestransforms.q: the number and order of the bands, the
% low-pass bands last, and reference semantics (writing into a band, on the host or from a
% kernel as blsgsm.q's denoise_band_blsgsm does, changes w and so the inverse transform).
import "multirestransforms.q"

function [] = __kernel__ scale_band(x : mat, y : mat, a : scalar, pos : ivec2)
    y[pos] = a * x[pos]
endfunction

function [] = halve_in_place(b)
    y = copy(b)
    parallel_do(size(b), y, b, 0.5, scale_band)
endfunction

x = zeros(32, 32)
for i = 0..31
    for j = 0..31
        x[i, j] = mod(37 * i + 11 * j + 5 * i * j, 256) / 256
    endfor
endfor

[S, S_H] = build_dtcwt(filtercoeff_farras, filtercoeff_dualfilt, 3)
w = S(x)
bands = lincell(w)
print "dtcwt bands ", numel(bands)
% order: j, then (r, c) = (0,0), (0,1), (1,0), (1,1), then i; the four low-pass bands last
print "order ", sum(abs(bands[0] - w[0][0, 0][0])) == 0, " ", _
    sum(abs(bands[5] - w[0][0, 1][2])) == 0, " ", sum(abs(bands[13] - w[1][0, 0][1])) == 0, _
    " ", sum(abs(bands[35] - w[2][1, 1][2])) == 0, " ", sum(abs(bands[36] - w[3][0, 0])) == 0, _
    " ", sum(abs(bands[39] - w[3][1, 1])) == 0
print "sizes ", size(bands[0]), size(bands[12]), size(bands[24]), size(bands[39])

% a host write into a band reaches w
bands[7][1, 2] = 42
print "host write ", w[0][1, 0][1][1, 2]

% slice writes into the bands reach w: zeroing every detail band (all but the last four)
% in place leaves the low-pass image only
for k = 0..numel(bands) - 5
    bands[k][:, :] = 0
endfor
lowonly = S_H(w)
v = S(x)
for j = 0..2
    for r = 0..1
        for c = 0..1
            for i = 0..2
                v[j][r, c][i] = zeros(size(v[j][r, c][i]))
            endfor
        endfor
    endfor
endfor
print "in place zero ", max(abs(lowonly - S_H(v))) < 1e-6

% a kernel writing into each band, through a function argument, reaches w
w = S(x)
bands = lincell(w)
for k = 0..numel(bands) - 1
    halve_in_place(bands[k])
endfor
print "kernel write ", max(abs(S_H(w) - 0.5 * x)) < 1e-5

[S, S_H] = build_dwt(db8, 3)
w = S(x)
bands = lincell(w)
print "dwt bands ", numel(bands)
print "dwt order ", sum(abs(bands[4] - w[1][1])) == 0, " ", sum(abs(bands[9] - w[3])) == 0
halve_in_place(bands[9])
w[0][0][:, :] = 0
print "dwt write ", max(abs(w[3] - 0.5 * S(x)[3])) < 1e-6, " ", max(abs(bands[0])) == 0

% expect: dtcwt bands 40
% expect: order 1 1 1 1 1 1
% expect: sizes [16,16][8,8][4,4][4,4]
% expect: host write 42
% expect: in place zero 1
% expect: kernel write 1
% expect: dwt bands 10
% expect: dwt order 1 1
% expect: dwt write 1 1
