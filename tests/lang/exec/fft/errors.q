% The FFT builtins name the function and the problem for wrong arguments.
function [] = try_it(f)
    try
        f()
    catch e
        print e
    endtry
endfunction
try_it(() -> fft1("abc"))
try_it(() -> fft2({1, 2}))
try_it(() -> ifft3("x"))
try_it(() -> irealfft2("x"))
try_it(() -> fftshift1("x"))
try_it(() -> fftn([1.0, 2, 3], [0, 0]))
try_it(() -> fftn([1.0, 2, 3], 1.5))
try_it(() -> fftn([1.0, 2, 3], -1))
try_it(() -> ifftn([1.0, 2, 3], "a"))
try_it(() -> nextpow2(1j))
% expect: 'fft1' needs a numeric array, not 'string'
% expect: 'fft2' needs a numeric array, not 'vec[??]'
% expect: 'ifft3' needs a numeric array, not 'string'
% expect: 'irealfft2' needs a numeric array, not 'string'
% expect: 'fftshift1' needs a numeric array, not 'string'
% expect: 'fftn': dimension 0 is listed twice
% expect: 'fftn': dimension 1.5 is not an integer in [0, 16)
% expect: 'fftn': dimension -1 is not an integer in [0, 16)
% expect: 'ifftn' needs a vector of dimensions as its second argument, not 'string'
% expect: 'nextpow2' needs real numbers, not 'cscalar'
