% Named arguments name := value, in any order, after positional ones.
function y = f(a, b = 2, c = 3)
    y = a * 100 + b * 10 + c
endfunction
print f(1)
print f(1, c:=9)
print f(c:=1, a:=2, b:=3)
% expect: 123
% expect: 129
% expect: 231
