% if/elseif/else: the first true condition wins.
function s = classify(n)
    if n < 0
        s = "negative"
    elseif n == 0
        s = "zero"
    elseif n < 10
        s = "small"
    else
        s = "large"
    endif
endfunction
print classify(-5)
print classify(0)
print classify(3)
print classify(42)
% expect: negative
% expect: zero
% expect: small
% expect: large
