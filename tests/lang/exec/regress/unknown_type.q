% A type name that is neither builtin, a class nor a generic parameter is an error.
print type(5, "scalar")
print type(5, "sclar")
% expect: 1
% expect error: line 3: unknown type 'sclar'
