% Compound assignment needs a single target, not [a, b].
% run: parse
% expect error: line 5: '+=' needs a single target
% expect error: line 6: '-=' needs a single target
[a, b] += 1
[a, b] -= [1, 2]
