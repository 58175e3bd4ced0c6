% Spec 001 "Type inference": an output made by a creation function of an untyped parameter
% has a type the compiler cannot determine, and Quasar warns when it compiles the function.
% A typed parameter, two sizes, or another assignment to the output remove the warning.
function A = create_data(sz)
    A = zeros(sz)
endfunction

function A = create_typed(sz : ivec2)
    A = zeros(sz)
endfunction

function A = create_mat(m, n)
    A = ones(m, n)
endfunction

print size(create_data([2, 3])), " ", size(create_typed([2, 2])), " ", size(create_mat(3, 2))
% expect: [2,3] [2,2] [3,2]
% expect warning: line 4: could not determine the type of output argument A
