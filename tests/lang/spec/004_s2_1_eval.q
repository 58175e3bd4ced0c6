% spec: 004 §2.1 "Dynamic evaluation" (reference manual excerpt)
% repaired: "->" restored inside the string
% run: exec
val = eval("(x) -> 3*eye(x)")(8)
