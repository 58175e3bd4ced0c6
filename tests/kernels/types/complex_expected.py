#!/usr/bin/env python3
"""Prints the `% expect:` lines of complex_scalars.q and complex_ccube_double.q, computed by
NumPy (the independent reference), formatted as qpipe prints (6 significant digits, complex
as re+imj). Run by hand after changing either test; paste its output into the files."""
import numpy as np


def num(x):
    s = "%g" % x
    return "0" if s == "-0" else s


def cnum(z):
    im = num(z.imag)
    return "%s%s%sj" % (num(z.real), "" if im.startswith("-") else "+", im)


def arr(a, f):
    if a.ndim == 0:
        return f(a[()])
    return "[" + ",".join(arr(b, f) for b in a) + "]"


# complex_scalars.q
x = (np.array([1.0, 2, 3, 4, 5, 6]) + 1j * np.array([0.5, -1, 2, 0, 1, -2])).reshape(2, 3)
c, s = 2 - 1j, 0.5
p0, p1 = np.indices((2, 3))
w = (x * c + s - 1j) / (1 + 2j)
y = np.conj(w) + np.exp(x * 0.1) + x + (p0 + 1j * p1)
r = np.abs(w) + np.angle(x) + w.real * w.imag
print("complex_scalars.q")
print("% expect: " + arr(y, cnum))
print("% expect: " + arr(r, num))

# complex_ccube_double.q
x = (np.linspace(0, 11, 12) + 1j * np.linspace(5.5, 0, 12)).reshape(2, 3, 2)
y = np.zeros_like(x)
for i0 in range(2):
    for i1 in range(3):
        for i2 in range(2):
            acc = x[i0, i1, : i2 + 1].sum() / 2
            y[i0, i1, i2] = acc * np.exp(1j * 0.25 * i0) - 1.5j
print("complex_ccube_double.q")
print("% expect: " + arr(y, cnum))
