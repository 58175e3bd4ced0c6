% An empty vector prints as [].
print zeros(0)
print 1..0
a = []
print a
% expect: []
% expect: []
% expect: []
