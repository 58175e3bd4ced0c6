% Spec 001 "Example: brute-force median filter": a local window r = zeros((W*2)^2) whose size depends on the parameter W (dynamic kernel memory), passed to a __device__ median.
% adapted: median "to be completed" is written (insertion sort, mean of the two middle values); the kernel declared
% `function y = __kernel__ ...(…, y : mat, …)` with y twice, so it has no outputs here; a 5x6 synthetic image; W = 1 and W = 2.
% Function: median
% Computes the median of an array of numbers
function y = __device__ median(x : vec)
    n = numel(x)
    for i = 1..n-1
        v = x[i]
        j = i - 1
        while j >= 0 && x[j] > v
            x[j+1] = x[j]
            j -= 1
        end
        x[j+1] = v
    end
    k = int(n/2)
    y = (x[k-1] + x[k]) / 2
end
% Function: immedfilt_kernel
% Naive implementation of a median filter on images
function [] = __kernel__ immedfilt_kernel(x : mat, y : mat, W : int, pos : ivec2)
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
x = zeros(5, 6)
for i = 0..4
    for j = 0..5
        x[i, j] = mod(i * 7 + j * 5 + i * j, 10)
    end
end
y = zeros(size(x))
parallel_do(size(x), x, y, 1, immedfilt_kernel)
print y
parallel_do(size(x), x, y, 2, immedfilt_kernel)
print y
% expect: [[0,0,0,0,0,0],[0,4,4,5,3,3],[2,3.5,5.5,6.5,3.5,4.5],[0.5,2.5,7.5,6,4,2.5],[0.5,7.5,7,5.5,4.5,3]]
% expect: [[0,0,0,0,0,0],[0,0,3.5,1.5,3.5,0.5],[0,2,5,5,5,2.5],[0.5,5,5.5,5,5,3],[0,1,5,4.5,3.5,1.5]]
