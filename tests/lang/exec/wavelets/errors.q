% errors.q - what multirestransforms.q and dtcwt.q refuse, with messages (caught, because
% an error raised inside a module is reported at the module's line).
import "dtcwt.q"

function [] = try_msg(name, f)
    try
        f()
        print name, ": no error"
    catch e
        print name, ": ", e
    endtry
endfunction

try_msg("stp", () -> build_stp([48, 64], 8, 5))
try_msg("shearlet", () -> build_energyweighted_dst2d([64, 64], 8, 4))
try_msg("selcw", () -> filtercoeff_selcw[0,1]())
try_msg("size", () -> dtcwt2d(zeros(24, 32), filtercoeff_farras, filtercoeff_dualfilt, 4))
[S, S_H] = build_dwt(db8, 1)
try_msg("cube", () -> S(zeros(8, 8, 3)))
try_msg("bank", () -> build_dwt({[1, 2, 3]}, 1))
try_msg("3d", () -> dtcwt3d_untiled(zeros(8, 8, 1), filtercoeff_farras, filtercoeff_dualfilt, 1))
% expect: stp: build_stp: the size [48,64] must be [H, W] with H and W multiples of 2^J, K >= 1 and J >= 1
% expect: shearlet: build_energyweighted_dst2d (discrete shearlet transform) is not provided by qpipe's multirestransforms.q
% expect: selcw: filtercoeff_selcw[0,1]: K and L must be at least 1, K + L at most 6
% expect: size: dtcwt: a 24 x 32 image cannot have 4 levels: its sizes must be multiples of 2^J (power_of_two_extension)
% expect: cube: dwt: the image must be a mat (one channel), not of size [8,8,3]
% expect: bank: multirestransforms: tree 0 of the filter bank must be a 4 x L mat with L even, not of size [3]
% expect: 3d: dtcwt3d_untiled (3-D dual-tree transform) is not provided by qpipe's dtcwt.q
