% The value of each of the 13 compound operators on an array element is the value after the operation (spec 000: b = (a += 1) gives 1).
function [] = __kernel__ k(a : vec, ai : vec[int], r : vec, pos : int)
    r[0] = (a[0] += 1)
    r[1] = (a[1] -= 2)
    r[2] = (a[2] *= 3)
    r[3] = (a[3] /= 4)
    r[4] = (a[4] ^= 2)
    r[5] = (a[5] .*= 5)
    r[6] = (a[6] ./= 2)
    r[7] = (a[7] .^= 3)
    r[8] = (ai[0] &= 6)
    r[9] = (ai[1] |= 6)
    r[10] = (ai[2] ~= 6)
    r[11] = (a[8] ^^= 7)
    r[12] = (a[9] __= 7)
endfunction
a = [0, 10, 2, 6, -3, 1.5, 5, 2, 3, 9]
ai = int([12, 12, 12])
r = zeros(13)
parallel_do(1, a, ai, r, k)
print r
print a
print ai
% expect: [1,8,6,1.5,9,7.5,2.5,8,4,14,10,7,7]
% expect: [1,8,6,1.5,9,7.5,2.5,8,7,7]
% expect: [4,14,10]
