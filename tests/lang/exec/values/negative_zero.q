% A negative zero prints as 0.
print -0.0
x = 0.0
y = -x
print y
print 0.0 * -1
% expect: 0
% expect: 0
% expect: 0
