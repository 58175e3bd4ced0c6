% Functions may be overloaded by the declared argument types.
function y = describe(x : int)
    y = "int"
endfunction
function y = describe(x : string)
    y = "string"
endfunction
function y = describe(x : vec)
    y = "vec"
endfunction
print describe(3), " ", describe("s"), " ", describe([1,2])
% expect: int string vec
