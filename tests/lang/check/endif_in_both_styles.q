% 'endif' belongs to both end styles: if ... endif next to for ... end is fine.
% run: check
n = 0
for i = 1..3
    if i > 1
        n = n + i
    endif
end
print n
