% vidsave + vidwriteframe write a lossless (ffv1) video that vidopen + vidreadframe read back
% exactly: fields, frame count, pts, rgb_data as cube[uint8], vidseek (docs/media_video.md).
dir = "/tmp/qpipe-test-io-video-"

function f = pattern(i)
    f = zeros(16, 24, 3)
    for y = 0..15
        for x = 0..23
            for c = 0..2
                f[y, x, c] = mod(y * 7 + x * 3 + c * 50 + i * 11, 256)
            endfor
        endfor
    endfor
endfunction

w = vidsave(dir + "a.mkv", 25, "ffv1")
for i = 0..11
    vidwriteframe(w, pattern(i))
endfor
print w.frame_count
vidclose(w)
% expect: 12

s = vidopen(dir + "a.mkv")
print s.frame_width, " ", s.frame_height, " ", s.avg_frame_rate, " ", s.bits_per_color
% expect: 24 16 25 8
n = 0
exact = 1
while vidreadframe(s)
    exact = exact && sum(abs(float(s.rgb_data) - pattern(n))) == 0
    if n == 3
        print type(s.rgb_data), " ", size(s.rgb_data), " ", s.pts
    endif
    n = n + 1
endwhile
print n, " ", exact
% expect: cube[uint8] [16,24,3] 0.12
% expect: 12 1

vidseek(s, 0.2)
print vidreadframe(s), " ", s.pts, " ", sum(abs(float(s.rgb_data) - pattern(5)))
% expect: 1 0.2 0
vidclose(s)

% frames at given times (variable frame rate) keep them
w = vidsave(dir + "vfr.mkv", 25, "ffv1")
times = [0, 0.04, 0.2, 0.28, 1]
for i = 0..4
    vidwriteframe(w, pattern(i), times[i])
endfor
vidclose(w)
s = vidopen(dir + "vfr.mkv")
while vidreadframe(s)
    printf("%g ", s.pts)
endwhile
print ""
vidclose(s)
% expect: 0 0.04 0.2 0.28 1
