% vidplay(file, filter) runs every frame, as the scalar cube qpipe run's filters receive,
% through the filter and imshow (no window yet: one warning, nothing shown); the seeds'
% playback loop (sync_framerate, hold, vidreadframe, imshow) runs.
dir = "/tmp/qpipe-test-io-vidplay-"

function f = pattern(i)
    f = zeros(8, 10, 3)
    for y = 0..7
        for x = 0..9
            for c = 0..2
                f[y, x, c] = mod(y * 9 + x * 5 + c * 70 + i * 13, 256)
            end
        end
    end
end

w = vidsave(dir + "p.mkv", 25, "ffv1")
for i = 0..5
    vidwriteframe(w, pattern(i))
end
vidclose(w)

% the filter sees each frame in order, as scalars equal to what was written
seen = object()
seen.n = 0
seen.exact = 1
function y = check_frame(x)
    seen.exact = seen.exact && type(x, "cube") && sum(abs(x - pattern(seen.n))) == 0
    seen.n = seen.n + 1
    y = 255 - x
end
n = vidplay(dir + "p.mkv", check_frame)
print n, " ", seen.n, " ", seen.exact
% expect: 6 6 1
% expect warning: line 32: imshow: no display; figures are not shown

% a lambda, and no filter at all
print vidplay(dir + "p.mkv", x -> x / 2), " ", vidplay(dir + "p.mkv")
% expect: 6 6
% every frame went to one figure: vidplay turns hold on, as the playback loop below does
print imshow(zeros(2, 2)).id
% expect: 1

% the seeds' playback loop
stream = vidopen(dir + "p.mkv")
sync_framerate(stream.avg_frame_rate)
hold("on")
k = 0
while vidreadframe(stream)
    frame = float(stream.rgb_data)
    imshow(frame)
    k = k + 1
end
vidclose(stream)
print k
% expect: 6

% errors
try
    vidplay(dir + "p.mkv", 3)
catch e
    print e
end
% expect: vidplay: the filter must be a function of one frame
try
    vidplay(dir + "p.mkv", x -> "no")
catch e
    print e
end
% expect: vidplay: the filter returned 'string' at frame 0, not a frame
try
    vidplay(dir + "none.mkv", x -> x)
catch e
    print e
end
% expect: vidplay: '/tmp/qpipe-test-io-vidplay-none.mkv': cannot open: No such file or directory
try
    imshow("text")
catch e
    print e
end
% expect: imshow: expected a real image (a matrix, or a cube of 1, 3 or 4 channels)
try
    hold("maybe")
catch e
    print e
end
% expect: hold: expected "on" or "off", not 'maybe'
try
    sync_framerate(0)
catch e
    print e
end
% expect: sync_framerate: the frame rate must be positive and finite, not 0
