% A declaration x : T = v gives x the type T; an int assigned to a scalar becomes a scalar.
x : int = 5
y : scalar = 2
z : vec = [1,2]
print type(x), " ", type(y), " ", type(z)
print y
% expect: int scalar vec
% expect: 2
