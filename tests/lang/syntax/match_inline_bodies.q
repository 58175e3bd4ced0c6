% run: dump
% pins: a case body may follow '->' on the same line
match h with
| 0 -> a = [v, t, p]
| 1 -> a = [q, v, p]
| _ -> a = [v, p, q]
endmatch
% expect: match h
% expect:   case 0
% expect:     (= a [v t p])
% expect:   case 1
% expect:     (= a [q v p])
% expect:   case _
% expect:     (= a [v p q])
