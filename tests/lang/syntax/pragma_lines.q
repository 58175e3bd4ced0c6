% run: dump
% pins: `#pragma` lines become (pragma "text"), the text trimmed of surrounding blanks
#pragma force_parallel
#pragma   force_serial   
function y = f(x : vec)
    #pragma force_parallel
    y = sum(x)
endfunction
% expect: (pragma "force_parallel")
% expect: (pragma "force_serial")
% expect: function f (y) (x:vec)
% expect:   (pragma "force_parallel")
% expect:   (= y (call sum x))
