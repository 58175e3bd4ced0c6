% The caught error is a string.
try
    error "x"
catch e
    print type(e), " ", e
endtry
% expect: string x
