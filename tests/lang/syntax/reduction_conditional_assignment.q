% run: dump
% pins: a reduction whose pattern and replacement are parenthesized assignments
reduction (x : matrix_type, a : matrix_type, b, c) -> (x[a > b] = c) = (x += (c - x) .* (a > b))
% expect: (reduction (x:matrix_type a:matrix_type b c) (= (index x (> a b)) c) (+= x (.* (- c x) (> a b))))
