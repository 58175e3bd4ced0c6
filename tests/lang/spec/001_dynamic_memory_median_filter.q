% spec: 001 "Example: brute-force median filter" (language notes)
% repaired: nothing
% run: parse
% example: dynamic kernel memory
% Function: median
% Computes the median of an array of numbers
function y = __device__ median(x : vec)
    % to be completed
end
% Function: immedfilt_kernel
% Naive implementation of a median filter on images
function y = __kernel__ immedfilt_kernel(x : mat, y : mat, W : int, pos : ivec2)
    % Allocate dynamic memory (note that the size depends on W,
    % which is a parameter for this function)
    r = zeros((W*2)^2)
    for m=-W..W-1
        for n=-W..W-1
            r[(W+m)*(2*W)+W+n] = x[pos+[m,n]]
        end
    end
    % Compute the median of the elements in the vector r
    y[pos] = median(r)
end
