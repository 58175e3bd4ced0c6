% Types of functions, lambdas and objects.
function y = f(x)
    y = x
endfunction
print type(f)
print type(x -> x)
print type(object())
% expect: function
% expect: lambda_expr
% expect: object
