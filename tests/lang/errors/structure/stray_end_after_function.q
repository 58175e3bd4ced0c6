% One 'end' too many after a complete function.
% run: parse
% expect error: line 7: 'end' without a matching block
function f()
    print 1
end
end
