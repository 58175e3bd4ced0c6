% Loop variables are ordinary variables of their scope, also after the loop.
% run: check
total = 0
for i = 0..9
    for j = 0..i
        total = total + i * j
    endfor
endfor
print i, j, total
function s = count(n)
    s = 0
    for k = 1..n
        s = s + k
    endfor
endfunction
print count(4)
