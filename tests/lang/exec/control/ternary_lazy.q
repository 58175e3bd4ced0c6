% Only the chosen branch of c ? a : b is evaluated.
function y = loud(v)
    print "evaluated ", v
    y = v
endfunction
r = 1 > 0 ? 5 : loud(6)
print r
r = 0 ? loud(1) : 7
print r
% expect: 5
% expect: 7
