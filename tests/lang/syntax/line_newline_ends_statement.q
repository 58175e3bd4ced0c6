% run: dump
% pins: a newline ends a statement: '+ c' on the next line is a statement of its own
x = b
+ c
y = b
-c
% expect: (= x b)
% expect: (pos c)
% expect: (= y b)
% expect: (neg c)
