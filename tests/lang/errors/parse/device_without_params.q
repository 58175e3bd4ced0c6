% __device__ in an expression starts a lambda and needs its parameters.
% run: parse
% expect error: line 4: expected a parameter list after the function kind, found a number
f = __device__ 5
