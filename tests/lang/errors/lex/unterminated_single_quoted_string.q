% After '=' an apostrophe starts a single-quoted string, which must end on its line.
% run: parse
% expect error: line 4: unterminated string
name = 'world
print name
