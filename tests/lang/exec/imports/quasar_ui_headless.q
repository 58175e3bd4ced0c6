% A control panel in the style of interactive research programs runs headless
% (import "Quasar.UI.dll" brings in presets/quasar_ui.q): controls keep their start values, handlers are accepted, never
% called, closed() ends the event loop at once.
import "Quasar.UI.dll"
state = object()
state.playing = false
frm = form("Video player")
frm.width = 600
frm.height = 900
gain = frm.add_slider("Gain", 1.5, 0, 4)
cb = frm.add_checkbox("Denoise", true)
frm.add_heading("Playback")
play = frm.add_button("Play")
play.onclick.add(() -> state.playing = true)
gain.onchange.add(() -> (state.gain = gain.value; state.changed = true))
disp = frm.add_display()
disp.plot(0..3, [0, 1, 4, 9])
disp.subplot(1, 2, 0);
h1 = disp.imshow(ones(4, 4), [0, 1]);
disp.subplot(1, 2, 1);
h2 = disp.imshow(zeros(4, 4), [0, 1]);
h1.connect(h2);
frm.center()
n = 0
while !frm.closed()
    n += 1
end
frm.wait()
print gain.value, " ", cb.value, " ", play.value, " ", state.playing, " ", n
% expect: 1.5 1 0 0 0
