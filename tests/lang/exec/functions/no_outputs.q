% Functions without outputs, with and without "[] =".
function [] = greet(name)
    print "hi ", name
endfunction
function show(x)
    print "x is ", x
endfunction
greet("bob")
show(3)
% expect: hi bob
% expect: x is 3
