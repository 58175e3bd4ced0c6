% Spec 000 "Thread synchronization": gaussian_filter_separable, one kernel doing the horizontal pass into z, syncthreads(grid), then the vertical pass reading z across blocks.
% adapted: the parameter list split over two lines is rejoined; a 6x5x2 synthetic image, fc = [1,2,1]/4; results printed times 16.
function y = gaussian_filter_separable(x, fc, n)
    function [] = __kernel__ gaussian_filter_separable(x : cube, y : cube, z : cube, fc : vec, n : int, pos : vec3)
        sum = 0.
        for i=0..numel(fc)-1
            sum = sum + x[pos + [0,i-n,0]] * fc[i]
        endfor
        z[pos] = sum
        syncthreads(grid)
        sum = 0.
        for i=0..numel(fc)-1
            sum = sum + z[pos + [i-n,0,0]] * fc[i]
        endfor
        y[pos] = sum
    endfunction
    z = uninit(size(x))
    y = uninit(size(x))
    parallel_do (size(y), x, y, z, fc, n, gaussian_filter_separable)
endfunction

x = zeros(6, 5, 2)
for i = 0..5
    for j = 0..4
        for c = 0..1
            x[i, j, c] = mod((i * 5 + j) * 4 + c * 3, 7)
        endfor
    endfor
endfor
y = gaussian_filter_separable(x, [0.25, 0.5, 0.25], 1)
print y[:, :, 0] * 16
print y[:, :, 1] * 16
% expect: [[23,30,29,35,24],[46,48,42,43,24],[48,53,54,48,26],[36,44,52,53,42],[31,42,43,44,44],[26,41,33,25,27]]
% expect: [[22,31,30,29,30],[33,54,48,42,39],[28,52,53,54,41],[30,43,44,52,36],[46,48,42,43,24],[39,42,41,33,12]]
