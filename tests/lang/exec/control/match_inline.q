% Case bodies on the same line as the pattern; a scalar matches an int pattern by value.
for h = 0..2
    match h with
    | 0 -> a = 10
    | 1 -> a = 20
    | _ -> a = 0
    endmatch
    print a
endfor
% expect: 10
% expect: 20
% expect: 0
