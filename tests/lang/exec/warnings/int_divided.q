% n = n / 2 on an int n: the variable takes the scalar quotient (real programs rely on
% Quasar widening an untyped int variable; docs/language.md "Integer accumulators").
n = 7
n = n / 2
print n
% expect: 3.5
