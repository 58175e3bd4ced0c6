% A class holding matrices and a pointer (the spec's wavelet_bands).
type wavelet_bands : mutable class
    LL : ^wavelet_bands
    HL : mat
    LH : mat
    HH : mat
endtype
bands = wavelet_bands(LL:=nullptr, HL:=ones(2,2), LH:=zeros(2,2), HH:=eye(2))
print bands.HL
print sum(bands.HH)
bands.HL[0,0] = 5
print bands.HL[0,0]
% expect: [[1,1],[1,1]]
% expect: 2
% expect: 5
