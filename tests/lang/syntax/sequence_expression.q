% run: dump
% pins: (a; b; c) is a sequence; a trailing ';' adds nothing; (e) leaves no node
y = (a; b; c)
z = (f(1); g(2);)
w = ((a))
% expect: (= y (seq a b c))
% expect: (= z (seq (call f 1) (call g 2)))
% expect: (= w a)
