% motion.q (bench) - the speed of presets/motion.q's pyramid_motion (issue 13) on three
% frames of a clip, and its vectors, for bench/motion.py, which makes the frames (the pan
% clip of bench/denoise_video.py, whose true motion is known), scores the vectors and takes
% the CPU time of runs:
%
%   build/qpipe exec --threads 2 bench/motion.q F0 F1 F2 PREFIX REPS OP
%
% F1 is the centre frame, F0 and F2 its neighbours. The three pyramids are filled and the
% two fields made once (compiling the kernels): pyramid_motion of F1 into F2 with a full
% search (search 12: what denoise_video.q does for t+-1), written to PREFIX_dy.csv and
% PREFIX_dx.csv (a row per row of 8x8 blocks), and of F1 into F0 with search 2 around a
% predictor (the t+-2 case; here the first field reversed), to PREFIX_pdy.csv, _pdx.csv.
% Then OP runs REPS times: "fill" (pyramid_fill of F1), "full" or "pred" (the two
% searches). bench/motion.py subtracts the CPU time of REPS = 0 from that of REPS = N.
import "motion.q"

function [] = main(f0, f1, f2, prefix, reps = 0, op = "full")
    a = imread(f0)
    b = imread(f1)
    c = imread(f2)
    h = size(b, 0)
    w = size(b, 1)
    p0 = pyramid_new(h, w)
    p1 = pyramid_new(h, w)
    p2 = pyramid_new(h, w)
    lam = 15 * 0.03
    pyramid_fill(a, p0)
    pyramid_fill(b, p1)
    pyramid_fill(c, p2)
    mv = pyramid_motion(p1, p2, 12, lam, 0)
    mv0 = pyramid_motion(p1, p0, 2, lam, -mv)
    csvwrite(prefix + "_dy.csv", mv[:, :, 0])
    csvwrite(prefix + "_dx.csv", mv[:, :, 1])
    csvwrite(prefix + "_pdy.csv", mv0[:, :, 0])
    csvwrite(prefix + "_pdx.csv", mv0[:, :, 1])
    for r = 1..reps
        if op == "fill"
            pyramid_fill(b, p1)
        elseif op == "full"
            mv = pyramid_motion(p1, p2, 12, lam, 0)
        else
            mv0 = pyramid_motion(p1, p0, 2, lam, -mv)
        endif
    endfor
endfunction
