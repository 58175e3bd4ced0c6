% run: dump
% pins: nested ifs indent by two more spaces per level; consecutive ifs have no closing line
if a
    if b
        x = 1
    endif
    if c
        x = 2
    else
        x = 3
    endif
endif
y = x
% expect: if a
% expect:   if b
% expect:     (= x 1)
% expect:   if c
% expect:     (= x 2)
% expect:   else
% expect:     (= x 3)
% expect: (= y x)
