% run: dump
% pins: try/catch with and without a name for the error
try
    x = f(1)
catch err
    print err
endtry
try
    y = g()
catch
    y = 0
endtry
% expect: try
% expect:   (= x (call f 1))
% expect: catch err
% expect:   (print err)
% expect: try
% expect:   (= y (call g))
% expect: catch
% expect:   (= y 0)
