% run: dump
% pins: a `%` inside a string (either quote) is text, not a comment
s = "50% off" % the comment starts here
t = 'a%b'
print "%", s
% expect: (= s "50% off")
% expect: (= t "a%b")
% expect: (print "%" s)
