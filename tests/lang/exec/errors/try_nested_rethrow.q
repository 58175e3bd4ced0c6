% An error raised in a catch block is caught by an outer try.
try
    try
        error("inner")
    catch e
        error(strcat("outer: ", e))
    endtry
catch e2
    print e2
endtry
% expect: outer: inner
