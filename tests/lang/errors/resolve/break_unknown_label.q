% 'break inner' when no enclosing loop has that label.
% run: check
% expect error: line 8: 'break inner': no enclosing loop is labelled 'inner'
outer:
for i = 1..3
    for j = 1..3
        if i == j
            break inner
        end
    end
end
