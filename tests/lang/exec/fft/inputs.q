% Inputs of other kinds: empty arrays keep their shape; integer arrays are converted (the
% same result as their scalar copies); a number is its own transform; fftshift keeps the
% element type.
x = zeros(0, 5)
print size(fft2(x)), " ", size(ifft1(x)), " ", size(irealfft2(x)), " ", size(fftshift2(x))
a = cast([[1, 2, 3], [4, 5, 6]], "uint8")
print type(a), " ", max(abs(fft2(a) - fft2(float(a)))) == 0
print fft1(3), " ", ifft2(2 + 1j), " ", irealfft1(4 + 2j)
print type(fftshift1(a)), " ", fftshift1(a)
print fft1([5])
% expect: [0,5] [0,5] [0,5] [0,5]
% expect: mat[uint8] 1
% expect: 3+0j 2+1j 4
% expect: mat[uint8] [[3,1,2],[6,4,5]]
% expect: [5+0j]
