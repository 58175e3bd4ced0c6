% hello.q - a first Quasar program: a function, a loop, a lambda, matrices and print.
%
%   build/qpipe exec samples/hello.q          run it
%   build/qpipe check samples/hello.q         parse and resolve names only
%   build/qpipe parse --dump samples/hello.q  show the syntax tree

% A function with two inputs and one output.
function y = scale(x, factor)
    y = x * factor
endfunction

% A lambda: an inline function bound to a name.
square = x -> x * x

print "hello from Quasar"

A = [[1, 2], [3, 4]]
B = scale(A, 2)
print "A .* B = ", A .* B

% Sum the squares of 1..5 with a loop.
total = 0
for i = 1..5
    total = total + square(i)
endfor
print "sum of squares of 1..5 = ", total
