% An if or elseif condition must end its line: 'if a == 2; f(); endif' is not allowed
% (other block headers may be followed by ';' and a statement, as in MATLAB).
% run: parse
% expect error: line 7: 'if' and its body must be on separate lines
% expect error: line 10: 'elseif' and its body must be on separate lines
a = 2
if a == 2; print a; endif
if a == 1
    print 1
elseif a == 3; print 3
endif
