% A compound operator on a slice with a number applies it atomically to every element; with
% a vector, element by element. 100 threads; the slice reaches past the end of c ('safe:
% those elements are skipped).
function [] = __kernel__ k(h : vec, c : vec'safe, m : vec[int], pos : int)
    h[0..3] += 1
    c[1..3] += [pos, 1, 1]
    m[0..1] ^^= [pos, -pos]
endfunction
h = zeros(5)
c = zeros(3)
m = int([0, 0])
parallel_do(100, h, c, m, k)
print h, c, m
% expect: [100,100,100,100,0][0,4950,100][99,0]
