% An unknown code attribute is a warning, not an error: the file still parses (exit 0).
% run: parse
% expect warning: line 4: unknown code attribute '{!paralel}' is ignored
{!paralel for}
for i = 1..3
    print i
end
