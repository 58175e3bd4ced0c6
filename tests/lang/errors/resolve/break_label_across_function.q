% A function inside a labelled loop cannot break out of that loop.
% run: check
% expect error: line 8: 'break outer': no enclosing loop is labelled 'outer'
outer:
for i = 1..3
    function g()
        for j = 1..2
            break outer
        end
    end
    g()
end
