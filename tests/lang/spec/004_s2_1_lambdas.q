% spec: 004 §2.1 "Lambda expressions" (reference manual excerpt)
% repaired: "->" restored (shown as " >")
% run: exec
v = (x,y) -> 2*x+y
u = x -> 2*x
w = x -> y -> x + y
z = w(10)
print v(1,2), " ", z(5)
a = [[1,2],[2,1]]
print v(a,a)
print w(4)(5)
% expect: 4 15
% expect: [[3,6],[6,3]]
% expect: 9
