% Pointer fields ^T hold nullptr or an instance.
type node : mutable class
    value : scalar
    next : ^node
endtype
n = node(value:=1, next:=nullptr)
print n.next
print n.next == nullptr
% expect: nullptr
% expect: 1
