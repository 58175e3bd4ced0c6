% spec: 004 §2.1 "Switches" (reference manual excerpt)
% repaired: "|" of the cases and "-" of "->" restored; the last case "_ -> print" / "a is something else" broken by page layout joined
% run: parse
% example: match
match a with
| 1 ->
    print "a=1"
| 2 ->
    print "a=2"
| (3, 4) ->
    print "a=3 or a=4"
| "String" ->
    print "a=String"
| _ -> print "a is something else"
endmatch
