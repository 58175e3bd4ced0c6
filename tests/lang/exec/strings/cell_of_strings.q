% Strings stored in a cell.
names = {"A","B","C"}
print names[1]
for i = 0..2
    print names[i]
endfor
% expect: B
% expect: A
% expect: B
% expect: C
