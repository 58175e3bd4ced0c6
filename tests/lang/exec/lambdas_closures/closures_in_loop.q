% Lambdas created in a loop each capture that iteration's value.
fs = cell(3)
for i = 0..2
    fs[i] = x -> x + i
endfor
print fs[0](10), " ", fs[2](10)
% expect: 10 12
