% run: dump
% pins: a line ending in a comma continues, at statement level too
print "a",
    "b"
error "m",
    x
% expect: (print "a" "b")
% expect: (error "m" x)
