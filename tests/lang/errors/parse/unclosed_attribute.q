% An unclosed code attribute should name the line where '{!' opened.
% run: parse
% expect error: line 4: to close '{!' from line 4
{!parallel for
for i = 1..3
    print i
end
