% run: dump
% pins: '_' at the end of a line continues the statement on the next line
x = b _
    + c
print "a", _
    "b"
% expect: (= x (+ b c))
% expect: (print "a" "b")
