% One file, one style: after 'end' closed a block, 'endwhile' is an error.
% run: parse
% expect error: line 10: 'endwhile' mixes end-keyword styles: this file closed a block with 'end' at line 6
for i = 1..3
    print i
end
n = 3
while n > 0
    n = n - 1
endwhile
