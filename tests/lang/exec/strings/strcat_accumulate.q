% A string grown with strcat in a loop.
s = ""
for k = 0..2
    s = strcat(s, "ab")
endfor
print s
% expect: ababab
