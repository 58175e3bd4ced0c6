% run: dump
% pins: the placeholder _ discards an output in multiple assignment
[a, _] = [1,2]
[_, b] = [1,2]
[_, _, c] = size(x)
% expect: (= [a _] [1 2])
% expect: (= [_ b] [1 2])
% expect: (= [_ _ c] (call size x))
