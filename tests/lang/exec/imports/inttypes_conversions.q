% Programs that import only inttypes.q call the pixel conversions (Quasar's inttypes.q
% defines them): values are kept, and the reverse direction rounds and saturates.
import "inttypes.q"
print uint8_to_float(uint8([0, 200, 255])), " ", uint16_to_float(uint16(65535)) / 65535
% expect: [0,200,255] 1
print float_to_uint8([-3, 12.6, 300])
% expect: [0,13,255]
