% The error message concatenates numbers like print does.
try
    error "value ", 2.5, " and ", 3, " and ", [1,2]
catch e
    print e
endtry
% expect: value 2.5 and 3 and [1,2]
