% run: dump
% pins: the logical operators && || and prefix !
p = a && b
q = a || b
r = !a
s = !!a
t = !(a || b)
% expect: (= p (&& a b))
% expect: (= q (|| a b))
% expect: (= r (! a))
% expect: (= s (! (! a)))
% expect: (= t (! (|| a b)))
