% && and || on scalars do not evaluate their right operand when the left decides.
function y = loud(v)
    print "evaluated"
    y = v
endfunction
a = 0 && loud(1)
b = 1 || loud(0)
print a, " ", b
c = 1 && loud(1)
print c
% expect: 0 1
% expect: evaluated
% expect: 1
