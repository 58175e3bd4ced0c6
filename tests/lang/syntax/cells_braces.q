% run: dump
% pins: a cell literal in braces {a, b}
D = {A,B,C}
D_names = {"A","B","C"}
print D_names[1]
% expect: (= D (cell A B C))
% expect: (= D_names (cell "A" "B" "C"))
% expect: (print (index D_names 1))
