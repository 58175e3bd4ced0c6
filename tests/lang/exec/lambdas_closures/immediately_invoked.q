% A parenthesised lambda can be called at once.
r = ((x) -> x * 3)(4)
print r
% expect: 12
