% A lambda's type is lambda_expr.
f = x -> x
print type(f)
% expect: lambda_expr
