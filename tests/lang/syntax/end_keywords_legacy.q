% run: dump
% pins: the legacy style closes every block with 'end'
function y = f(x)
    if x > 0
        y = x
    else
        y = -x
    end
    for i = 0..2
        y += i
    end
    while y > 10
        y -= 1
    end
end
type p : class
    a : int
end
try
    z = 3
catch
    z = 4
end
% expect: function f (y) (x)
% expect:   if (> x 0)
% expect:     (= y x)
% expect:   else
% expect:     (= y (neg x))
% expect:   for i (.. 0 2)
% expect:     (+= y i)
% expect:   while (> y 10)
% expect:     (-= y 1)
% expect: type p : class
% expect:   a : int
% expect: try
% expect:   (= z 3)
% expect: catch
% expect:   (= z 4)
