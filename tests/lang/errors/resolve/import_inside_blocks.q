% import is only allowed at the top level: not in a function, not in a loop.
% run: check
% expect error: line 6: import is only allowed at the top level of a file
% expect error: line 9: import is only allowed at the top level of a file
function f()
    import "../../check/modules/geometry.q"
endfunction
for i = 1..2
    import "../../check/modules/geometry.q"
endfor
