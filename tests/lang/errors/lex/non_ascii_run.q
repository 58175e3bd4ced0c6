% A run of bytes that cannot start a token (a euro sign, three bytes) is one error.
% run: parse
% expect error: line 4: unexpected character '\xE2'
price = 5 €
