% A literal without a decimal point is an int; with one, or an exponent, a scalar.
print type(2)
print type(2.0)
print type(2.)
print type(1e3)
print type(1j)
print type("s")
% expect: int
% expect: scalar
% expect: scalar
% expect: scalar
% expect: cscalar
% expect: string
