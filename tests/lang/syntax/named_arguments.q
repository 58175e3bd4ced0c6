% run: dump
% pins: named arguments name := value in calls
y = f(1, b := 2)
z = g(x := 1, y := h(2))
% expect: (= y (call f 1 (:= b 2)))
% expect: (= z (call g (:= x 1) (:= y (call h 2))))
