% 'continue' inside an 'if' that is not inside a loop.
% run: check
% expect error: line 5: 'continue' outside a loop
if true
    continue
end
