% '_' only stands for an ignored output in [a, _] = ...; it has no value.
% run: check
% expect error: line 5: '_' is only a placeholder for an ignored output
% expect error: line 7: '_' is only a placeholder for an ignored output
y = _ + 1
[a, _] = size(zeros(2, 3))
z = max(_, 1)
