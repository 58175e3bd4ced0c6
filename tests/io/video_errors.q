% Video errors name the file and the reason; a closed or forged handle is an error, not a
% crash; a writer's output appears only when vidclose finishes it (docs/media_video.md).
dir = "/tmp/qpipe-test-io-video-err-"
try
    s = vidopen("tests/io/data/no_such_video.mp4")
catch e
    print e
end
% expect: vidopen: 'tests/io/data/no_such_video.mp4': cannot open: No such file or directory
try
    s = vidopen("tests/io/video_errors.q")
catch e
    print e
end
% expect: vidopen: 'tests/io/video_errors.q': cannot open: Invalid data found when processing input
try
    s = vidopen("cam:99")
catch e
    print e
end
% expect: vidopen: 'cam:99': no such camera (/dev/video99 does not exist)

w = vidsave(dir + "a.mkv", 25, "ffv1")
vidwriteframe(w, zeros(8, 8, 3))
try
    vidwriteframe(w, zeros(4, 4, 3))
catch e
    print e
end
% expect: vidwriteframe: '/tmp/qpipe-test-io-video-err-a.mkv': frame of 4 x 4, the video is 8 x 8
vidclose(w)
try
    vidwriteframe(w, zeros(8, 8, 3))
catch e
    print e
end
% expect: vidwriteframe: this video was closed
try
    vidreadframe(object())
catch e
    print e
end
% expect: vidreadframe: expected a video stream (vidopen) or writer (vidsave)
try
    w = vidsave(dir + "b.mkv", 25, "no_such_codec")
    vidwriteframe(w, zeros(8, 8, 3))
catch e
    print e
end
% expect: vidwriteframe: '/tmp/qpipe-test-io-video-err-b.mkv': the video encoder 'no_such_codec' is not available
try
    w = vidsave(dir + "c.mkv", -1)
catch e
    print e
end
% expect: vidsave: '/tmp/qpipe-test-io-video-err-c.mkv': the frame rate must be positive, not -1
try
    w = vidsave(dir + "d.avi", 25)   % mpeg4 has no 4:4:4 to carry odd sizes (libx264 would take yuv444p)
    vidwriteframe(w, zeros(49, 65, 3))
catch e
    print e
end
% expect: vidwriteframe: '/tmp/qpipe-test-io-video-err-d.avi': frames of 65 x 49 cannot be encoded as yuv420p (subsampled chroma needs even sizes); use another pixel format (yuv444p) or size
s = vidopen(dir + "a.mkv")
print s.frame_count, " ", vidreadframe(s)
% expect: -1 1
vidclose(s)
vidclose(s)
% expect error: line 68: vidclose: this video was closed
