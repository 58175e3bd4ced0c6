% Output printed before a runtime error is kept; the program stops at the error.
for i = 0..4
    print i
    if i == 2
        error "stop at ", i
    endif
endfor
% expect: 0
% expect: 1
% expect: 2
% expect error: line 5: stop at 2
