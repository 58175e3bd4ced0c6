% run: dump
% pins: a type annotation inside print's parentheses: print(variable:cube[int])
print(variable:cube[int])
print(1:cube)
% expect: (print (: variable cube[int]))
% expect: (print (: 1 cube))
