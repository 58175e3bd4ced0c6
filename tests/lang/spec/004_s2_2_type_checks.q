% spec: 004 §2.2 "A brief introduction of the type system" (reference manual excerpt)
% repaired: typographic quotes in the comment made ASCII
% run: parse
% example: type checks and assertions
print(variable:cube[int])
print(1:cube) % Error: Type check failed: 'int'const' is not 'cube'
assert(type(1,"scalar"))
assert(type(1i,"cscalar"))
assert(type(zeros(2,2),"mat"))
assert(type("Quasar","string"))
