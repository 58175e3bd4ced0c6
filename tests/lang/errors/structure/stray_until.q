% 'until' without a 'repeat'.
% run: parse
% expect error: line 5: 'until' without a matching 'repeat'
done = true
until done
