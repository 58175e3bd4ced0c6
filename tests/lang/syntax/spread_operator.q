% run: dump
% pins: the spread operator ... in indices and call arguments
y = im[...pos, 0]
lum = luminance(...c)
z = f(...a, ...b, 1)
% expect: (= y (index im (... pos) 0))
% expect: (= lum (call luminance (... c)))
% expect: (= z (call f (... a) (... b) 1))
