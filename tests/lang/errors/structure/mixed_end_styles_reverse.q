% After 'endfunction', an 'end' closing a 'for' mixes the styles ('endif' would not).
% run: parse
% expect error: line 9: 'end' mixes end-keyword styles: this file closed a block with a specific keyword at line 6
function f()
    print 1
endfunction
for i = 1..3
    print i
end
