% run: dump
% pins: labels on while and repeat loops, also written on the loop's own line
search: while true
    break search
endwhile
retry:
repeat
    continue retry
until done
% expect: search:
% expect: while true
% expect:   break search
% expect: retry:
% expect: repeat
% expect:   continue retry
% expect: until done
