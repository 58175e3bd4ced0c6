% run: dump
% pins: a lambda whose body is a (a; b; c) sequence spread over two lines
print_sum = (a, b) -> (sum=a+b;
    disp(sum); sum)
% expect: (= print_sum (lambda (a b) (seq (= sum (+ a b)) (call disp sum) sum)))
