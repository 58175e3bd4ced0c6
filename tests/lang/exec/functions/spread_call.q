% The spread operator passes a vector's elements as arguments.
f = (a, b, c) -> a * 100 + b * 10 + c
v = [1,2,3]
print f(...v)
luminance = (R,G,B) -> 0.2126 * R + 0.7152 * G + 0.0722 * B
c = [128, 42, 96]
print luminance(c[0],c[1],c[2]) == luminance(...c)
print luminance(...c)
% expect: 123
% expect: 1
% expect: 64.1824
