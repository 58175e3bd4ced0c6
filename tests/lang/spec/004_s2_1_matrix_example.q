% spec: 004 §2.1 "Arrays" (reference manual excerpt)
% repaired: nothing
% run: exec
% example: "Another example"
a = [[1,2],[2,1]]
b = [[3],[4]]
a[0,0] = 2
print a * b, ",", eye(3)
print a[0,0]
print "size(a)=", size(a), "size(a,1)=", size(a,1)
% expect: [[14],[10]],[[1,0,0],[0,1,0],[0,0,1]]
% expect: 2
% expect: size(a)=[2,2]size(a,1)=2
