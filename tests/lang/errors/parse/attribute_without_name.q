% A code attribute {!...} starts with its name.
% run: parse
% expect error: line 5: expected an attribute name after '{!', found '}'
% expect error: line 6: expected an attribute name after '{!', found a number
{!}
{! 3}
