% Objects are references: a function or another name can change the same object.
function [] = set_a(obj)
    obj.a = 5
endfunction
o = object()
o.a = 1
p = o
p.a = 9
print o.a
set_a(o)
print o.a
% expect: 9
% expect: 5
