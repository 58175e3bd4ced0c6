% Identifiers are ASCII: the first byte of a UTF-8 letter is reported, once per character.
% run: parse
% expect error: line 4: unexpected character '\xC3'
café = 1
