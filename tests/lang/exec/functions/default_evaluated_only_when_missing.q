% A default expression runs only when the argument is missing, once per such call.
function y = noisy()
    print "default evaluated"
    y = 1
endfunction
function z = k(a = noisy())
    z = a
endfunction
print "start"
print k()
print k(5)
print k()
% expect: start
% expect: default evaluated
% expect: 1
% expect: 5
% expect: default evaluated
% expect: 1
