% spec: 004 §2.1 "Control structures" (reference manual excerpt)
% repaired: the table of control structures, one form after the other; the "..." lines standing for omitted code are comments
% run: parse
for a=0..2..4
    break
    continue
endfor
if a==2
endif
if a==2
    % ...
elseif a==3
    % ...
else
    % ...
endif
while expr
    break
    continue
endwhile
repeat
    break
    continue
until expr
