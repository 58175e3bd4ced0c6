% Complex scalars in a compiled kernel (qp_kernel.h's qp_cf): a cscalar parameter, reading
% and writing cmat elements, a real mat output, + - * / mixing real and complex, unary minus,
% imaginary literals, conj/exp/abs/angle/real/imag/complex(), ==. Expected values from NumPy
% (complex_expected.py).
function [] = __kernel__ ck(x : cmat, y : cmat, r : mat, c : cscalar, s : scalar, pos : ivec2)
    z = x[pos]
    w = z * c + s - 1j
    w = w / (1 + 2j)
    y[pos] = conj(w) + exp(z * 0.1) - (-z)
    r[pos] = abs(w) + angle(z) + real(w) * imag(w)
    if z == w
        r[pos] = 0
    endif
    q = complex(pos[0], pos[1])
    y[pos] = y[pos] + q
endfunction
x = complex(reshape([1.0, 2, 3, 4, 5, 6], [2, 3]), reshape([0.5, -1, 2, 0, 1, -2], [2, 3]))
y = zeros(2, 3) + 0j
r = zeros(2, 3)
parallel_do(size(x), x, y, r, 2-1j, 0.5, ck)
print y
print r
% expect: [[2.30379+1.95524j,1.9153+2.27806j,6.02295+7.66818j],[6.19182+4.4j,8.34048+7.5646j,6.4858+6.038j]]
% expect: [[1.59786,5.38582,-1.39068],[5.73022,1.86258,21.199]]
