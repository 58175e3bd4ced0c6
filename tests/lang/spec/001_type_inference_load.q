% spec: 001 "Type inference" (language notes)
% repaired: nothing (inline snippet of the prose)
% run: parse
% example: data read dynamically from a file
load("data.qd")
