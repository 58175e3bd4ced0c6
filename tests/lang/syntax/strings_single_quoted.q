% run: dump
% pins: single-quoted strings print with double quotes, including '??' in type(x, '??')
t = type(x, '??')
s = 'hello'
u = type(x,'scalar')
print 'a', "b"
% expect: (= t (call type x "??"))
% expect: (= s "hello")
% expect: (= u (call type x "scalar"))
% expect: (print "a" "b")
