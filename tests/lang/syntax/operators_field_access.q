% run: dump
% pins: field access a.b, chained, called, and as an assignment target
a = p.x
b = p.x.y
c = obj.method(1)
obj.field = 3
A[i].y = 4
% expect: (= a (. p x))
% expect: (= b (. (. p x) y))
% expect: (= c (call (. obj method) 1))
% expect: (= (. obj field) 3)
% expect: (= (. (index A i) y) 4)
