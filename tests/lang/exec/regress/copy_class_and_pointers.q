% copy() of a class instance copies its fields; a ^T pointer field is a reference and is shared.
type node : mutable class
    v : scalar
    next : ^node
endtype
tail = node(v := 2, next := nullptr)
head = node(v := 1, next := tail)
c = copy(head)
c.v = 10
c.next.v = 20
print head.v, " ", c.v, " ", tail.v, " ", c
% expect: 1 10 20 node(v=10,next=node(v=20,next=nullptr))
