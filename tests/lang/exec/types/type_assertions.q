% The spec's type assertions all pass.
assert(type(1,"scalar"))
assert(type(1i,"cscalar"))
assert(type(zeros(2,2),"mat"))
assert(type("Quasar","string"))
print "all passed"
% expect: all passed
