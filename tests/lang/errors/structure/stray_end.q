% 'end' and 'endfor' that close nothing.
% run: parse
% expect error: line 6: 'end' without a matching block
% expect error: line 7: 'endfor' without a matching block
x = 1
end
endfor
