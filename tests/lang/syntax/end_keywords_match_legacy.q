% run: dump
% pins: match closed by 'end' in the legacy style
match y with
| 0 -> z = 1
| _ -> z = 2
end
for i = 0..1
    z += i
end
% expect: match y
% expect:   case 0
% expect:     (= z 1)
% expect:   case _
% expect:     (= z 2)
% expect: for i (.. 0 1)
% expect:   (+= z i)
