% spec: 004 §2.2.1 "Floating point representation" (reference manual excerpt)
% repaired: typographic apostrophes are "'"; the types written as declarations
% run: parse
% example: Table 2.5; also the list of §2.2.2
a : scalar'single
b : scalar'half
c : scalar'double
