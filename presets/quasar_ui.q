% quasar_ui.q - the forms of Quasar's UI library (import "Quasar.UI.dll") without a window.
%
% Interactive research programs build a control panel (form, sliders, check boxes,
% buttons, a plot display) and read the controls' values while they process frames.
% qpipe has no form window yet: this module gives every control and method that such
% programs use, so they run unchanged headless. A control keeps the value it was made
% with (a slider its start value, a check box its state, a button false); handlers added
% with onchange.add / onclick.add are accepted but never called, since no user acts; a
% display's plot and imshow draw nothing; wait() returns at once and closed() is true,
% so `while !frm.closed()` loops end as when the user closes the form.

% An event: .add(handler) accepts a handler, which no user action ever calls. (The
% method captures nothing: a closure stored in the object it captured would be a
% reference cycle, which reference counting never frees.)
function ev = ui_event()
    ev = object()
    ev.add = f -> 0
    ev.remove = f -> 0
end

% A control holding `v`: .value, and its onchange / onclick events.
function c = ui_control(v)
    c = object()
    c.value = v
    c.onchange = ui_event()
    c.onclick = ui_event()
end

% What a display's imshow and plot return: a view that other views can be linked to.
function h = ui_view()
    h = object()
    h.connect = (other) -> 0
end

% A display panel inside a form: plots and images are not drawn; subplot(rows, cols, k)
% selects a pane (counted from 0, as these programs do).
function d = ui_display()
    d = object()
    d.plot = (x, ..._) -> ui_view()
    d.imshow = (x, ..._) -> ui_view()
    d.subplot = (rows, cols, k) -> 0
    d.title = (t) -> 0
    d.clear = () -> 0
end

% form(title): a form with the methods of Quasar's forms.
function frm = form(title : string = "")
    frm = object()
    frm.title = title
    frm.width = 400
    frm.height = 300
    frm.add_slider = (label, v, lo, hi) -> ui_control(v)
    frm.add_checkbox = (label, v) -> ui_control(v)
    frm.add_button = (label) -> ui_control(false)
    frm.add_heading = (label) -> 0
    frm.add_label = (label) -> ui_control(label)
    frm.add_textbox = (label, v) -> ui_control(v)
    frm.add_display = () -> ui_display()
    frm.center = () -> 0
    frm.show = () -> 0
    frm.wait = () -> 0
    frm.closed = () -> true
end
