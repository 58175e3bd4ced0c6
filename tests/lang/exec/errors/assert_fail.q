% A failing assert stops the program with the expression's text.
x = 3
assert(x == 3)
print "first assert passed"
assert(x == 2)
print "not reached"
% expect: first assert passed
% expect error: line 5: assertion failed: x == 2
