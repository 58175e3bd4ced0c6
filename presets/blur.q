% blur.q - Gaussian blur.
import "gaussian.q"

% Gaussian blur, separable, edges clamped.
%   sigma  standard deviation in pixels (default 2; range 0..100; 0 leaves the image as it is)
function y = process(x, sigma = 2.0)
    if sigma < 0
        error "blur.q: sigma must be 0 or more, not ", sigma
    endif
    y = gaussian_blur(x, sigma)
endfunction
