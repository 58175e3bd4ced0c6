% spec: 004 §2.1 "Ternary operators" (reference manual excerpt)
% repaired: "x  T" is "x - T"
% run: parse
y = condition ? true_value : false_value
y = (x > T) ? x - T : 0
