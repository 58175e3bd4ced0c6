% run: dump
% pins: the flag-only attribute {!parallel for} is a statement of its own before the loop
{!parallel for}
for i = 0..9
    y[i] = 2 * x[i]
endfor
% expect: {!parallel for}
% expect: for i (.. 0 9)
% expect:   (= (index y i) (* 2 (index x i)))
