% The results of calls can be indexed: size(A)[1], zeros(2,3)[1,2].
print size(zeros(4,5))[1]
print zeros(2,3)[1,2]
print ones(3)[1] + 1
print reshape(0..5, [2,3])[1,0]
% expect: 5
% expect: 0
% expect: 2
% expect: 3
