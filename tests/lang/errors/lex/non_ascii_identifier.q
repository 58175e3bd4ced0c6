% Identifiers are ASCII: a UTF-8 letter is one error, which shows its first byte.
% run: parse
% expect error: line 4: unexpected character '\xC3'
café = 1
