% spec: 002 "OpenGL interoperability" (CUDA support guide, 2015 edition)
% repaired: nothing
% run: parse
% note: differs from 000 by the old-style end keyword `end`.
stream = vidopen("movie.mp4")
sync_framerate(stream.avg_frame_rate) % Sets the display frame rate

hold("on")
while vidreadframe(stream)
    frame = float(stream.rgb_data)
    imshow(frame)
end
