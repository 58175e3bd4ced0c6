% try/catch inside a loop: the loop goes on after a caught error.
for i = 0..2
    try
        if i == 1
            error "skip ", i
        endif
        print i
    catch e
        print "caught ", e
    endtry
endfor
% expect: 0
% expect: caught skip 1
% expect: 2
