% sinh, cosh, tanh.
print sinh(0), " ", cosh(0), " ", tanh(0)
print sinh(1), " ", cosh(1), " ", tanh(1)
% expect: 0 1 0
% expect: 1.1752 1.54308 0.761594
