% Following pointers through a linked list until nullptr.
type node : mutable class
    value : scalar
    next : ^node
endtype
n3 = node(value:=3, next:=nullptr)
n2 = node(value:=2, next:=n3)
n1 = node(value:=1, next:=n2)
print n1.next.value
p = n1
s = 0.0
while p != nullptr
    s += p.value
    p = p.next
endwhile
print s
% expect: 2
% expect: 6
