% A lambda body that uses a name defined nowhere.
% run: check
% expect error: line 4: 'offset' is not defined
f = x -> x + offset
