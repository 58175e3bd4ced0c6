% Every value matches ??.
print type(1i+1, "??"), type([1,2,3], "??"), type("s", "??"), type(object(), "??")
% expect: 1111
