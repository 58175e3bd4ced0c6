% fromascii converts a string to the vector of its character codes.
print fromascii("AB")
print numel(fromascii("hello"))
% expect: [65,66]
% expect: 5
