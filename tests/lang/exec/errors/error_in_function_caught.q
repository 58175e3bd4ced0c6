% An error raised in a called function is caught by the caller's try.
function [] = f()
    error "from f"
endfunction
try
    f()
catch e
    print e
endtry
% expect: from f
