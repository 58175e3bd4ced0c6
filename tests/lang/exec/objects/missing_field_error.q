% Reading a field that was never added is an error.
o = object()
o.a = 1
x = o.z
% expect error: line 4: 'o' has no field 'z'
