% A pointer must point to a named class type, not to the unknown type ??.
% run: parse
% expect error: line 5: a pointer must point to a named class type
type holder : class
    p : ^??
endtype
