% run: dump
% pins: several patterns in parentheses, or separated by commas, make one case
match a with
| (3, 4) ->
    print "a=3 or a=4"
| 5, 6, 7 ->
    print "5 to 7"
| _ ->
    print "other"
endmatch
% expect: match a
% expect:   case 3 4
% expect:     (print "a=3 or a=4")
% expect:   case 5 6 7
% expect:     (print "5 to 7")
% expect:   case _
% expect:     (print "other")
