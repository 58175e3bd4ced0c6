% Accumulating in a loop.
s = 0.0
for i = 1..100
    s += i
endfor
print s
% expect: 5050
