% return leaves a function early; its outputs keep their values.
function y = clip(x)
    y = 0
    if x < 0
        return
    endif
    y = x
endfunction
print clip(-1), " ", clip(3)
% expect: 0 3
