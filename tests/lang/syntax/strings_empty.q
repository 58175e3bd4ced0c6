% run: dump
% pins: empty strings in both quote styles
e = ""
f = ''
% expect: (= e "")
% expect: (= f "")
