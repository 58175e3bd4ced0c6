% When no case matches and there is no default, nothing happens.
match 5 with
| 1 ->
    print "one"
endmatch
print "after"
% expect: after
