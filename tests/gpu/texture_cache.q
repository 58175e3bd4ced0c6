% texture_cache.q - one 'hwtex_linear input read by 10 launches, then written on the host and
% read by 10 more (tests/gpu/run.sh reads QPIPE_CUDA_STATS: the texture object is made once,
% reused 18 times and refilled once; the values as on the CPU).
function [] = __kernel__ sample(y : mat, x : mat'hwtex_linear'clamped, pos : ivec2)
    y[pos] = x[pos[0] + 0.5, pos[1] + 0.25]
end
x = zeros(64, 64)
for i = 0..63
    for j = 0..63
        x[i, j] = i * 64 + j
    end
end
y = zeros(64, 64)
s = 0
k = 0
while k < 10
    k += 1
    parallel_do(size(y), y, x, sample)
    s += y[5, 7]
end
x[5, 7] = 1000
k = 0
while k < 10
    k += 1
    parallel_do(size(y), y, x, sample)
    s += y[5, 7]
end
print s
