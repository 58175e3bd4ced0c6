% inttypes.q - integer array types (spec 004 Table 2.2: ivec, imat, icube need this module)
% and the SIMD integer types of spec 000.
%
% qpipe's runtime already computes on integer arrays (the results of arithmetic are
% scalar arrays, see docs/runtime.md); this module gives the names.
%
% Quasar's own inttypes.q also holds the pixel conversions (uint8_to_float …): programs
% that import only this module call them, so it brings in floattypes.q, where they live.

import "floattypes.q"

type ivec : vec[int]
type imat : mat[int]
type icube : cube[int]
type i8vec4 : vec[int8](4)
type u8vec4 : vec[uint8](4)
type i16vec2 : vec[int16](2)
type u16vec2 : vec[uint16](2)
