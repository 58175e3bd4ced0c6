% --seed fixes the generator: rand and randn still give values in their ranges, and the run
% is reproducible (tests/unit/test_builtins.c compares two generators with one seed).
% options: --seed 12345
a = rand(1000)
print min(a) >= 0, " ", max(a) < 1
b = randn(10000)
print abs(mean(b)) < 0.05, " ", abs(std(b) - 1) < 0.05
% expect: 1 1
% expect: 1 1
