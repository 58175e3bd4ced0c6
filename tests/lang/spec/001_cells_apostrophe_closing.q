% spec: 001 "Construction of Cell matrices" (language notes)
% repaired: nothing
% run: exec
% example: closing with an apostrophe
A = `1,2,3j,zeros(4,4)'
