% run: dump
% pins: a function with one output: function NAME (OUTPUTS) (PARAMS), then the indented body
function y = do_something(x)
    y = x * 2
endfunction
b = do_something(a)
% expect: function do_something (y) (x)
% expect:   (= y (* x 2))
% expect: (= b (call do_something a))
