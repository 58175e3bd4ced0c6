% The matrix product needs matching inner dimensions.
a = zeros(2,3)
c = a * a
% expect error: line 3: inner dimensions do not agree in '*': [2,3] and [2,3]
