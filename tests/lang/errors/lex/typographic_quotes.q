% Curly quotes pasted from a word processor: each one is reported.
% run: parse
% expect error: line 7: typographic quote
% expect error: line 7: typographic quote
% expect error: line 8: typographic quote
% expect error: line 8: typographic quote
msg = “hello”
c = ‘a’
