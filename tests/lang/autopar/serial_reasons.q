% Loops that must stay serial are reported as warnings (spec 004 §2.3: "warning messages
% are displayed ... that can help to make the program parallel"), with the loop's line and
% the reason naming the variable and the dependency; they run serially with the results
% of the serial interpreter (computed in NumPy float32 for the recurrence).
x = zeros(2000)
for i = 0..1999
    x[i] = mod(i, 13)
endfor
p = zeros(2000)
for i = 1..1999
    p[i] = p[i - 1] * 0.5 + x[i]
endfor
print p[1999]
idx = zeros(2000)
for i = 0..1999
    idx[i] = 1999 - i
endfor
y = zeros(2000)
for i = 0..1999
    y[idx[i]] = x[i]
endfor
print y[0], " ", y[1999]
h = zeros(13)
for i = 0..1999
    h[mod(i, 13)] += 1
endfor
print h[0], " ", h[12]
s = 0
for i = 0..1999
    s = mod(s * 3 + x[i], 1000)
endfor
print s
y2 = zeros(2000)
for i = 0..1999
    t = x[i] * 2
    y2[i] = t
endfor
print t
y3 = zeros(2000)
for i = 0..1999
    y3[i] = x[i]
    if i == 1000
        print "half"
    endif
endfor
y4 = zeros(2000)
for i = 0..1999
    if x[i] > 11
        break
    endif
    y4[i] = 1
endfor
print sum(y4)
a = zeros(1)
for i = 0..1999
    a[0] = a[0] + x[i]
endfor
print a[0]
% expect warning: line 10: loop-carried dependency: 'p' is written at p[i] and read at p[i - 1]
% expect warning: line 19: data-dependent write: 'y' is written at y[idx[i]]
% expect warning: line 24: 'h' is written at h[mod(i, 13)], which may repeat or depend on data
% expect warning: line 29: loop-carried dependency: 's' is read before the iteration assigns it
% expect warning: line 34: 't' is assigned in the loop and used outside it
% expect warning: line 40: it prints
% expect warning: line 47: it leaves the loop with break
% expect warning: line 55: 'a' is written at a[0], which does not depend on 'i'
% expect: 18.0127
% expect: 10 0
% expect: 154 153
% expect: 499
% expect: 20
% expect: half
% expect: 12
% expect: 11989
