% An FFT of a string stops the program with an error at its line.
x = "text"
y = fft2(x)
print "not reached"
% expect error: line 3: 'fft2' needs a numeric array, not 'string'
