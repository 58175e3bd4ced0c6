% spec: 004 §2.2 "A brief introduction of the type system" (reference manual excerpt)
% repaired: nothing (inline snippet of the prose)
% run: parse
% example: type inference of imread
im=imread("image.png", "rgb")
