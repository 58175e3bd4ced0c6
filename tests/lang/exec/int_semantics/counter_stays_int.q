% An int counter incremented by ints stays an int.
count = 0
for i = 0..4
    count += 1
endfor
print count, " ", type(count)
% expect: 5 int
