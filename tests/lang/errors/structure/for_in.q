% The loop variable is followed by '=', not 'in'.
% run: parse
% expect error: line 4: expected '=' after the loop variable, found 'in'
for i in 1..3
    print i
end
