% spec: 004 §2.2.3 "Integer types" (reference manual excerpt)
% repaired: typographic apostrophes are "'"; the list written as declarations
% run: parse
% example: integer modifiers
a : int'checked
b : int'sat
c : int'unchecked
