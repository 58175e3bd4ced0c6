% spec: 004 §2.2.3 "Integer types" (reference manual excerpt)
% repaired: nothing (inline snippet of the prose)
% run: exec
% example: importing the inttypes library
import "inttypes.q"
