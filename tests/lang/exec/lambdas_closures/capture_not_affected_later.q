% Changing the captured variable after the definition does not change the lambda.
k = 3
scale = x -> x * k
k = 100
print scale(2)
print scale([1,2])
% expect: 6
% expect: [3,6]
