% spec: 004 §2.1 "Control structures" (reference manual excerpt)
% repaired: nothing
% run: parse
% example: an example of a for-loop
for i=1..2..100
    j=i+1
    print i, " ", j
    if i==1
        print "i is one"
    elseif i==3
        print "i is three"
    endif
endfor
