% round rounds halves away from zero.
print round(2.4), " ", round(2.5), " ", round(-2.5), " ", round(-2.4)
print round([0.5, 1.5, 2.5])
% expect: 2 3 -3 -2
% expect: [1,2,3]
