% The acute accent closes a backquote cell literal; anywhere else it is an error.
% run: parse
% expect error: line 4: outside a cell literal
x = 1´
