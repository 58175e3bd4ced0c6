% type(x, "T") tests a type: an int is also a scalar, a real is not complex.
print type(1, "scalar"), type(1, "int"), type(1.5, "int"), type(1i, "cscalar"), type(1, "cscalar")
print type("Quasar", "string")
% expect: 11010
% expect: 1
