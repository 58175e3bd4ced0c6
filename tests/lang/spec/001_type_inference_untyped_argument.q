% spec: 001 "Type inference" (language notes)
% repaired: nothing
% run: exec
% example: untyped argument
function A = create_data(sz)
    A = zeros(sz)
end
% expect warning: line 5: could not determine the type of output argument A
