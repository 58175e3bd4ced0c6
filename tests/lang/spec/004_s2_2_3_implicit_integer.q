% spec: 004 §2.2.3 "Integer types" (reference manual excerpt)
% repaired: "N1" is "N-1"
% run: parse
% example: important note: implicit integers
a = 0 % a is integer
for n=0..N-1
    a += x[n] % x[n] is implicitly converted to integer
endfor
% (the spec: to declare a as a scalar, the first line becomes a = 0.0)
