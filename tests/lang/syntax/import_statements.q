% run: dump
% pins: import "file.q" in either quote style
import "system.q"
import 'imfilter.q'
im = imfilter(imread("img.tif"), ones(7,7))
% expect: (import "system.q")
% expect: (import "imfilter.q")
% expect: (= im (call imfilter (call imread "img.tif") (call ones 7 7)))
