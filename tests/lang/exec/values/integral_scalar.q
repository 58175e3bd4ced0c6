% An integral scalar prints without a decimal point; large and small ones in exponent form.
print 4.0
print 3.0 * 2
print 123456.0
print 1234567.0
print 1e10
print 1.5e-7
print 0.0001
% expect: 4
% expect: 6
% expect: 123456
% expect: 1.23457e+06
% expect: 1e+10
% expect: 1.5e-07
% expect: 0.0001
