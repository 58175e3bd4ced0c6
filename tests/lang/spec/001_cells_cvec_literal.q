% spec: 001 "Construction of Cell matrices" (language notes)
% repaired: the opening backquote, lost in extraction (shown as "'"), restored: A=`1j,2j,3j,4j'
% run: exec
% example: the elegant notation
A=`1j,2j,3j,4j'
