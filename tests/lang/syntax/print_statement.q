% run: dump
% pins: print as a statement with comma-separated values, with no value, and with one parenthesized value
print "a = ", a, "a .* b = ", a .* b
print a[0,0]
print(a)
print
% expect: (print "a = " a "a .* b = " (.* a b))
% expect: (print (index a 0 0))
% expect: (print a)
% expect: (print)
