% run: dump
% pins: match closed by endmatch, the cases one per line with their bodies
match y with
| 0 -> z = 1
| _ -> z = 2
endmatch
% expect: match y
% expect:   case 0
% expect:     (= z 1)
% expect:   case _
% expect:     (= z 2)
