% Writing through a negative-step range reverses the order.
a = zeros(4)
a[3..-1..0] = [1,2,3,4]
print a
% expect: [4,3,2,1]
