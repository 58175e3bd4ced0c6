% One '&' between two operands: one error, not a second one for the operand after it.
% run: parse
% expect error: line 4: unexpected '&': logical and is '&&'
c = a & b
