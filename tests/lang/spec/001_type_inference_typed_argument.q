% spec: 001 "Type inference" (language notes)
% repaired: nothing
% run: exec
% example: typed argument
function A = create_data(sz : ivec2)
    A = zeros(sz)
end
