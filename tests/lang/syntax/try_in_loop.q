% run: dump
% pins: try/catch nested in a loop, break in the catch body
for i = 0..3
    try
        x = f(i)
    catch e
        break
    endtry
endfor
% expect: for i (.. 0 3)
% expect:   try
% expect:     (= x (call f i))
% expect:   catch e
% expect:     break
