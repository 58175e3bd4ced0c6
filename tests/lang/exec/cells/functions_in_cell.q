% A cell of lambdas; an element is called with c[i](x).
fs = `(x->2*x), (x->3*x), (x->4*x)'
print fs[1](5)
% expect: 15
