% Complex in double precision: a ccube read in a loop into a complex accumulator (from 0j),
% division by a real, a device function taking and returning a cscalar (qp_cd), written
% back to a ccube. Expected values from NumPy (complex_expected.py).
% options: --double
function z = __device__ rot(z : cscalar, t : scalar)
    z = z * exp(complex(0, t))
endfunction
function [] = __kernel__ k2(x : ccube, y : ccube, pos : ivec3)
    acc = 0j
    for i = 0..pos[2]
        acc = acc + x[pos[0], pos[1], i] / 2
    endfor
    y[pos] = rot(acc, 0.25 * pos[0]) - 1.5j
endfunction
x = complex(reshape(linspace(0, 11, 12), [2, 3, 2]), reshape(linspace(5.5, 0, 12), [2, 3, 2]))
y = x * 0
parallel_do(size(x), x, y, k2)
print y
% expect: [[[0+1.25j,0.5+3.75j],[1+0.75j,2.5+2.75j],[2+0.25j,4.5+1.75j]],[[2.59748+0.453352j,5.74127+2.28818j],[3.6901+0.2163j,7.9265+1.81407j],[4.78271-0.0207521j,10.1117+1.33997j]]]
