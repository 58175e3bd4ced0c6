% spec: 004 §2.1 "Lambda expressions" (reference manual excerpt)
% repaired: "->" restored
% run: exec
% example: several sub-expressions over several lines
print_sum = (a, b) -> (sum=a+b;
print(sum); sum)
