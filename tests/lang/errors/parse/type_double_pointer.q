% Multiple indirections (^^T) are not allowed, in a class field or in a parameter type.
% run: parse
% expect error: line 6: multiple indirections (^^T) are not allowed
% expect error: line 9: multiple indirections (^^T) are not allowed
type node : class
    next : ^^node
endtype

function y = f(p : ^^node)
    y = p
endfunction
