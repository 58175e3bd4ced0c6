% A loop variable belongs to its function; another function cannot see it.
% run: check
% expect error: line 10: 'k' is not defined
function f()
    for k = 1..3
        print k
    endfor
endfunction
function g()
    print k
endfunction
