% c ? a : b, nested to the right.
x = 5
T = 2
y = (x > T) ? x - T : 0
print y
x = 1
y = (x > T) ? x - T : 0
print y
for v = [-3, 0, 4]
    s = v < 0 ? -1 : v > 0 ? 1 : 0
    print s
endfor
% expect: 3
% expect: 0
% expect: -1
% expect: 0
% expect: 1
