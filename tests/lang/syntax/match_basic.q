% run: dump
% pins: match with one pattern per case, a string pattern and the wildcard _
match a with
| 1 ->
    print "a=1"
| "String" ->
    print "a=String"
| _ ->
    print "a is something else"
endmatch
% expect: match a
% expect:   case 1
% expect:     (print "a=1")
% expect:   case "String"
% expect:     (print "a=String")
% expect:   case _
% expect:     (print "a is something else")
