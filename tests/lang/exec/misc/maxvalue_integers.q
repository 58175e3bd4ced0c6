% maxvalue and minvalue of the integer types.
print maxvalue(uint8), " ", minvalue(uint8)
print maxvalue(int8), " ", minvalue(int8)
print maxvalue(int16), " ", minvalue(int16), " ", maxvalue(uint16)
print maxvalue(int32), " ", minvalue(int32), " ", maxvalue(uint32)
% expect: 255 0
% expect: 127 -128
% expect: 32767 -32768 65535
% expect: 2147483647 -2147483648 4294967295
