% spec: 004 §2.4.3 "Memory usage inside kernel or device functions" (reference manual excerpt)
% repaired: "2  2j" is "2 - 2j"; typographic quotes in the comments made ASCII
% run: exec
% example: local memory
A = [0, 1, 2, 3] % Generates a variable of type 'ivec4'
B = [0., 1., 2., 3.] % Generates a variable of type 'vec4'
C = [1 + 1j, 2 - 2j] % Generates a complex-valued variable of type 'cvec2'
D = ones(6) % Generate a vector of length 6, filled with 1.
E = zeros(8) % Generates a vector of length 8, filled with 0.
F = complex(zeros(4)) % Generates a complex-valued vector of length 4
