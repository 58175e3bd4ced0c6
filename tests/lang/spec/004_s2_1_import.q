% spec: 004 §2.1 "Importing .q files" (reference manual excerpt)
% repaired: the statement glued to the end of the comment put on its own line
% run: parse
import "system.q"
import "imfilter.q"
% all definitions from system.q and imfilter.q are now available.
im = imfilter(imread("img.tif"),ones(7,7))
