% spec: 004 §2.2.4 "Fixed sized datatypes" (reference manual excerpt)
% repaired: the types named in the prose written as declarations (names v4, v8 added)
% run: parse
a : cube(:,4,:)
v4 : vec(4)
v8 : vec(8)
