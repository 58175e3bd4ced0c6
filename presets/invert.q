% invert.q - the negative of the image: 255 - x for every channel.
%
% The same as FFmpeg's `negate` filter in RGB (tests/e2e check it frame by frame).
%
% No parameters.
function y = process(x)
    y = 255 - x
endfunction
