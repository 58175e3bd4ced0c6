% Unbounded recursion ends in an error naming the cause, not in a crash of qpipe.
function y = down(n)
    y = 1 + down(n + 1)
endfunction
print "before"
x = down(0)
% expect: before
% expect error: line 3: recursion too deep
