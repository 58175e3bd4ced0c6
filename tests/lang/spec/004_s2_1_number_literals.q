% spec: 004 §2.1 "Scalar numbers" (reference manual excerpt)
% repaired: the literals named in the prose, one per line; "11j" is "1-1j" (minus lost)
% run: parse
5.678
1.9e4
1+1j
1-1j
1011011b
123456o
1Fh
0ECD3Fh
