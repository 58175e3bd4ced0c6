% A negative index is out of range by default.
a = [1,2,3]
x = a[-1]
% expect error: line 3: index out of range: a[-1] with size(a) = [3]
