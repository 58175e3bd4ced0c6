% spec: 004 §2.2 "A brief introduction of the type system" (reference manual excerpt)
% repaired: the table written as declarations, one per type
% run: parse
% example: Table 2.3, additional primitive types
a : string
b : lambda_expr
c : function
d : kernel_function
e : object
f : ??
