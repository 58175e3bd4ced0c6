% Fields with default values.
type config : class
    n : int = 3
    name : string = "x"
endtype
c = config()
print c.n, " ", c.name
d = config(n:=5)
print d.n, " ", d.name
% expect: 3 x
% expect: 5 x
