% A label names its own loop only: a later loop cannot continue it.
% run: check
% expect error: line 9: 'continue outer': no enclosing loop is labelled 'outer'
outer:
for i = 1..3
    print i
end
for j = 1..3
    continue outer
end
