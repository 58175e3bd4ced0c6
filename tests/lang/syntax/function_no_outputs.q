% run: dump
% pins: functions without outputs: function [] = f() and function g(x) both print () for the outputs
function [] = f()
    print "f"
endfunction
function g(x)
    print x
endfunction
% expect: function f () ()
% expect:   (print "f")
% expect: function g () (x)
% expect:   (print x)
