% run: dump
% pins: element-wise compound assignments .*= ./= .^=
a .*= b
a ./= b
a .^= b
% expect: (.*= a b)
% expect: (./= a b)
% expect: (.^= a b)
