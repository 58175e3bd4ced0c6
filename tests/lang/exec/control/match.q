% match compares with each case; (3, 4) lists alternatives; strings and numbers mix; _ is the default.
function s = describe(a)
    match a with
    | 1 ->
        s = "a=1"
    | 2 ->
        s = "a=2"
    | (3, 4) ->
        s = "a=3 or a=4"
    | "String" ->
        s = "a=String"
    | _ ->
        s = "a is something else"
    endmatch
endfunction
print describe(1)
print describe(2)
print describe(4)
print describe("String")
print describe(9)
print describe("other")
% expect: a=1
% expect: a=2
% expect: a=3 or a=4
% expect: a=String
% expect: a is something else
% expect: a is something else
