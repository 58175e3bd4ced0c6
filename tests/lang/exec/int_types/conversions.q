% Conversion functions to the integer types keep values in range.
print int8(-5), " ", uint8(200), " ", int16(-300), " ", uint16(60000)
print int32(-70000), " ", uint32(4000000000), " ", int64(5), " ", uint64(7)
% expect: -5 200 -300 60000
% expect: -70000 4000000000 5 7
