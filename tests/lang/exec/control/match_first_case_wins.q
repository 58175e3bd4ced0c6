% Only the first matching case runs.
x = 2
match x with
| 2 ->
    print "first"
| (1, 2) ->
    print "second"
| _ ->
    print "default"
endmatch
% expect: first
