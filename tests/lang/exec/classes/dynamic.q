% A dynamic class accepts fields that were not declared.
type bag : dynamic class
    name : string
endtype
b = bag(name:="x")
b.extra = 5
print b.name, " ", b.extra
% expect: x 5
