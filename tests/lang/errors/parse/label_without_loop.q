% A label on its own line must be followed by a loop.
% run: parse
% expect error: line 4: label 'outer' must be followed by a for, while or repeat loop
outer:
    x = 1
