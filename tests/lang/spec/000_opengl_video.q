% spec: 000 "OpenGL interoperability" (CUDA support guide)
% repaired: nothing
% run: parse
stream = vidopen("movie.mp4")
sync_framerate(stream.avg_frame_rate) % Sets the display frame rate

hold("on")
while vidreadframe(stream)
    frame = float(stream.rgb_data)
    imshow(frame)
endwhile
