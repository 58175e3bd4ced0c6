% A function can return a lambda that captures its parameter.
function f = make_adder(n)
    f = x -> x + n
endfunction
add5 = make_adder(5)
print add5(1), " ", make_adder(10)(1)
% expect: 6 11
