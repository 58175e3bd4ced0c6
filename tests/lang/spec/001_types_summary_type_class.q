% spec: 001 "Summary" (language notes)
% repaired: nothing (inline snippet of the list)
% run: parse
% example: type classes
T : [scalar|mat|cube]
