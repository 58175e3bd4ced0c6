% C-style parentheses around a for header: the loop variable is missing.
% run: parse
% expect error: line 4: expected the loop variable after 'for', found '('
for (i = 1..3)
    print i
end
