% Converting a real to an integer type truncates toward zero, like int().
print uint8(3.7), " ", int16(-3.7), " ", int32(2.9)
% expect: 3 -3 2
