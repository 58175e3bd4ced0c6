% toascii converts a vector of character codes to a string.
print toascii([72, 105])
print type(toascii([72, 105]))
% expect: Hi
% expect: string
