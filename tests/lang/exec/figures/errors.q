% Wrong arguments of the figure functions are clear errors.
function show(f)
    try
        f()
    catch e
        print e
    end
end
show(() -> subplot(2, 2, 5))
% expect: subplot: pane 5 is not in a 2 x 2 grid (panes count from 1)
show(() -> plot([1, 2], [1, 2, 3]))
% expect: plot: x has 2 values and y 3
show(() -> plot([1, 2], "q"))
% expect: plot: unknown line style 'q' (colours rgbcmykw, styles - -- : -.)
show(() -> imshow(zeros(2, 2), [1, 2, 3]))
% expect: imshow: the display range must be [lo, hi] or []
show(() -> hold("maybe"))
% expect: hold: expected "on" or "off", not 'maybe'
show(() -> figure(0))
% expect: figure: figure numbers start at 1, not 0
show(() -> title(3))
% expect: title: the text must be a string
