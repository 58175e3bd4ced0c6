% A failing assert inside a function is reported at the assert.
function [] = check_positive(v)
    assert(v > 0)
endfunction
check_positive(1)
print "ok"
check_positive(-1)
% expect: ok
% expect error: line 3: assertion failed: v > 0
