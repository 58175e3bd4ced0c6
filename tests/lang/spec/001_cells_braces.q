% spec: 001 "Construction of Cell matrices" (language notes)
% repaired: nothing (inline snippet of the prose; the text shows the bare literal, an assignment to A added)
% run: exec
% example: Matlab syntax with braces
A = {1,2,3j,zeros(4,4)}
