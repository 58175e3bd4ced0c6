% grayscale.q - luma only, as three equal channels (so that encoders still see RGB).
%
% Y = 0.299 R + 0.587 G + 0.114 B (BT.601 weights) by default, or BT.709's.
%
% Parameters:
%   standard   601 (default) or 709: which luma weights

function [] = __kernel__ luma(x : cube, y : cube, wr : scalar, wg : scalar, wb : scalar, pos : ivec2)
    v = wr * x[pos[0], pos[1], 0] + wg * x[pos[0], pos[1], 1] + wb * x[pos[0], pos[1], 2]
    y[pos[0], pos[1], 0] = v
    y[pos[0], pos[1], 1] = v
    y[pos[0], pos[1], 2] = v
endfunction

% Luma as three equal channels.
%   standard  601 (BT.601 weights, default) or 709 (BT.709 weights)
function y = process(x, standard = 601)
    y = uninit(size(x))     % every element is written by luma: no zeroing pass
    if standard == 709
        parallel_do([size(x, 0), size(x, 1)], x, y, 0.2126, 0.7152, 0.0722, luma)
    elseif standard == 601
        parallel_do([size(x, 0), size(x, 1)], x, y, 0.299, 0.587, 0.114, luma)
    else
        error "grayscale.q: standard must be 601 or 709, not ", standard
    endif
endfunction
