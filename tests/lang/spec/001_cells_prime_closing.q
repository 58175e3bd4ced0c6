% spec: 001 "Construction of Cell matrices" (language notes)
% repaired: nothing (the closing prime is U+00B4, as written; the text says the parser accepts it, and now also "'")
% run: exec
% example: closing with the prime
A = `1,2,3j,zeros(4,4)´
