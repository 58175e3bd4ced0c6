% floattypes.q - conversions between integer pixel types and the floating point scalar,
% and the half-precision SIMD type of spec 000.
%
% The conversions keep values (uint8 200 becomes scalar 200, as imread's 0..255
% convention wants); the float_to_* directions round to the nearest integer and saturate
% to the type's range, as imwrite does.

type hvec2 : vec[scalar'half](2)

function y = uint8_to_float(x)
    y = float(x)
endfunction

function y = uint16_to_float(x)
    y = float(x)
endfunction

function y = int8_to_float(x)
    y = float(x)
endfunction

function y = int16_to_float(x)
    y = float(x)
endfunction

function y = float_to_uint8(x)
    y = uint8(clamp(round(x), 0, 255))
endfunction

function y = float_to_uint16(x)
    y = uint16(clamp(round(x), 0, 65535))
endfunction
