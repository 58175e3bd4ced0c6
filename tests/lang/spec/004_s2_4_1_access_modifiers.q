% spec: 004 §2.4.1 "Basic usage: kernel functions" (reference manual excerpt)
% repaired: typographic apostrophes are "'"; the list written as declarations
% run: parse
% example: list of access modifiers
a : cube'safe
b : cube'circular
c : cube'mirror
d : cube'clamped
e : cube'unchecked
f : cube'checked
g : cube'const
