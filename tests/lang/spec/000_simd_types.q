% spec: 000 "SIMD data types" (CUDA support guide)
% repaired: nothing
% run: parse
type i8vec4 : vec[int8](4)
type hvec2 : vec[scalar'half](2)
